import type { paymentMethodOutput } from '@b2b/domain/api/payment-methods';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { type MoveDirection, positionChanges, withPositions } from './payment-method-order';

export type PaymentMethod = z.output<typeof paymentMethodOutput>;

/** Spec: payment methods are read with limit 100, which is all of them. */
const PAYMENT_METHOD_LIMIT = 100;

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  list: (companyId: number) => [...paymentMethodKeys.all, 'list', companyId] as const,
};

export const paymentMethodListQuery = (companyId: number) =>
  queryOptions({
    queryKey: paymentMethodKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.get<Paged<PaymentMethod>>(
        `companies/${companyId}/payment_methods`,
        { limit: PAYMENT_METHOD_LIMIT },
        signal,
      ),
  });

interface MoveArgs {
  /** The list as shown, in server order. */
  methods: PaymentMethod[];
  index: number;
  direction: MoveDirection;
}

/**
 * Moves a method one place up or down: the changed positions go to the server in one call, which
 * applies them together. The new order shows at once and the list is read again afterwards.
 */
export function useMovePaymentMethod(companyId: number) {
  const queryClient = useQueryClient();
  const key = paymentMethodKeys.list(companyId);
  return useMutation({
    mutationFn: ({ methods, index, direction }: MoveArgs) =>
      api.post<Paged<PaymentMethod>>(`companies/${companyId}/payment_methods/reorder`, {
        positions: positionChanges(methods, index, direction),
      }),
    onMutate: async ({ methods, index, direction }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Paged<PaymentMethod>>(key, (current) =>
        current
          ? { ...current, results: withPositions(methods, positionChanges(methods, index, direction)) }
          : current,
      );
    },
    meta: {
      successMessage: 'Payment Methods order updated successfully.',
      errorMessage: 'Failed to update Payment Methods order.',
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSetPaymentMethodActive(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, active }: { method: PaymentMethod; active: boolean }) =>
      api.patch<PaymentMethod>(`companies/${companyId}/payment_methods/${method.id}`, { is_active: active }),
    onSuccess: (method, { active }) => {
      replaceInLists(queryClient, paymentMethodKeys.list(companyId), method);
      notifySuccess(
        active ? 'Payment Method activated successfully.' : 'Payment Method deactivated successfully.',
      );
    },
    onError: (error, { active }) =>
      notifyFailure(
        active ? 'Failed to activate Payment Method.' : 'Failed to deactivate Payment Method.',
        error,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list(companyId) }),
  });
}
