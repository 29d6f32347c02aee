import { Alert, Stack, Text } from '@mantine/core';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/api-error';
import { useCurrentUser } from '../session/current-user';
import { canPerform } from '../session/has-permission';
import { invoicePath, PATHS } from '../session/paths';
import { DetailHeader, DetailLoader, type ParamPath, useIdParam } from './detail-page';

const INVOICES = { to: PATHS.invoices, label: 'Invoices' };

/** What every initiate_* call of an invoice answers besides its lines. */
interface InitiatedFromInvoice {
  invoice: { id: number; invoice_number: string };
  buyer: { name: string };
  order: { order_number: string };
}

export interface InvoiceDocumentCreatePageProps<
  T extends InitiatedFromInvoice,
  K extends readonly unknown[],
> {
  /** The screen's path, whose parameter is the invoice's id: PATHS.invoiceShip. */
  path: ParamPath;
  /** 'Create Shipment', 'Sales Return', 'Credit Note'. */
  title: string;
  /** The permission to make one ('add_shipment'). */
  permission: string;
  /** The spec's words without the permission, and when the invoice's lines do not load. */
  messages: { forbidden: string; loadFailed: string };
  /** The initiate_* call: what the invoice has left to ship, return or credit. */
  initiateQuery: (invoiceId: number) => UseQueryOptions<T, Error, T, K>;
  /** The form, once the invoice's lines are in. */
  children: (data: T) => ReactNode;
}

/**
 * The page that makes a document from an invoice (/invoices/{id}/ship, /sales-return,
 * /credit-note): refused in place without the permission, a 409 of the initiate call (a cancelled
 * invoice, nothing left) said in place with the way back to the invoice, else the invoice's lines
 * loaded and the form under a breadcrumb to the invoice.
 */
export function InvoiceDocumentCreatePage<T extends InitiatedFromInvoice, K extends readonly unknown[]>(
  props: InvoiceDocumentCreatePageProps<T, K>,
) {
  const { title, messages } = props;
  const invoiceId = useIdParam(props.path);
  const user = useCurrentUser();
  const mayCreate = canPerform(user, props.permission);
  const initiate = useQuery({
    ...props.initiateQuery(invoiceId ?? 0),
    enabled: invoiceId !== null && mayCreate,
  });

  if (!mayCreate) {
    return (
      <Stack gap="lg">
        <DetailHeader list={INVOICES} title={title} />
        <Alert color="yellow" title={messages.forbidden} />
      </Stack>
    );
  }
  if (isApiError(initiate.error) && initiate.error.status === 409 && invoiceId !== null) {
    return (
      <Stack gap="lg">
        <DetailHeader list={{ to: invoicePath(invoiceId), label: 'Invoice' }} title={title} />
        <Alert color="yellow" title={initiate.error.message} />
      </Stack>
    );
  }
  const forbidden = isApiError(initiate.error) && initiate.error.status === 403;
  return (
    <DetailLoader
      id={invoiceId}
      query={initiate}
      list={INVOICES}
      notFoundMessage="Invoice Not Found"
      loadFailedTitle={forbidden ? messages.forbidden : messages.loadFailed}
      loadingLabel="Loading the invoice's items"
    >
      {(data) => (
        <Stack gap="lg">
          <DetailHeader
            list={{ to: invoicePath(data.invoice.id), label: `Invoice ${data.invoice.invoice_number}` }}
            title={title}
          />
          <Text size="sm" c="dimmed">
            {data.buyer.name} · Order {data.order.order_number}
          </Text>
          {props.children(data)}
        </Stack>
      )}
    </DetailLoader>
  );
}
