import type { PaymentLinkOutput, RazorpayAccountOutput, RazorpayConnectBody } from '@b2b/domain/api/razorpay';
import { RAZORPAY_MESSAGES } from '@b2b/domain/razorpay';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notifyFailure, notifySuccess, notifyWarning } from '../../components/notify';

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };

export type RazorpayAccount = Dated<RazorpayAccountOutput, 'connected_at' | 'last_checked_at'>;
export type PaymentLink = Dated<PaymentLinkOutput, 'paid_at'> & { created_at: string };
export interface InvoicePaymentLink {
  razorpay_connected: boolean;
  link: PaymentLink | null;
}

export const razorpayKeys = {
  all: ['razorpay'] as const,
  account: (companyId: number) => [...razorpayKeys.all, 'account', companyId] as const,
  invoiceLink: (invoiceId: number) => [...razorpayKeys.all, 'invoice-link', invoiceId] as const,
};

const accountPath = (companyId: number) => `companies/${companyId}/razorpay_account`;

export const razorpayAccountQuery = (companyId: number) =>
  queryOptions({
    queryKey: razorpayKeys.account(companyId),
    queryFn: ({ signal }) => api.get<RazorpayAccount>(accountPath(companyId), undefined, signal),
  });

export const invoicePaymentLinkQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: razorpayKeys.invoiceLink(invoiceId),
    queryFn: ({ signal }) =>
      api.get<InvoicePaymentLink>(`admin/invoices/${invoiceId}/payment_link`, undefined, signal),
  });

export function useConnectRazorpay(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RazorpayConnectBody) => api.put<RazorpayAccount>(accountPath(companyId), body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: razorpayKeys.all });
      notifySuccess(RAZORPAY_MESSAGES.connected);
    },
  });
}

export function useCheckRazorpay(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ ok: boolean; detail: string; account: RazorpayAccount }>(
        `${accountPath(companyId)}/check`,
        {},
      ),
    onSuccess: ({ ok, detail }) => {
      client.invalidateQueries({ queryKey: razorpayKeys.account(companyId) });
      if (ok) notifySuccess(detail);
      else notifyWarning(detail);
    },
    onError: (error) => notifyFailure('The connection could not be checked.', error),
  });
}

export function useDisconnectRazorpay(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<RazorpayAccount>(accountPath(companyId)),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: razorpayKeys.all });
      notifySuccess(RAZORPAY_MESSAGES.disconnected);
    },
    onError: (error) => notifyFailure('Razorpay could not be disconnected.', error),
  });
}

export function useCreatePaymentLink(invoiceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PaymentLink>(`admin/invoices/${invoiceId}/payment_link`, {}),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: razorpayKeys.invoiceLink(invoiceId) });
      notifySuccess(RAZORPAY_MESSAGES.link_created);
    },
  });
}
