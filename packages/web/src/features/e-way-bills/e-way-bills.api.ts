import type {
  EWayBillStateOutput,
  EwbDocumentKind,
  ewbCancelInput,
  ewbExtendInput,
  ewbGenerateInput,
  ewbVehicleInput,
} from '@b2b/domain/eway-bill';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

export type EWayBillState = EWayBillStateOutput;
export type EWayBill = NonNullable<EWayBillState['e_way_bill']>;
export type GenerateBody = z.output<typeof ewbGenerateInput>;
export type VehicleBody = z.output<typeof ewbVehicleInput>;
export type ExtendBody = z.output<typeof ewbExtendInput>;
export type CancelBody = z.output<typeof ewbCancelInput>;

/** The route segment of each document that carries an e-way bill. */
const SEGMENT: Record<EwbDocumentKind, string> = {
  invoice: 'invoices',
  delivery_challan: 'delivery_challans',
  inventory_transfer: 'inventory_transfers',
};
/** The document's own queries (its history shows the e-way bill's changes). */
const DOCUMENT_KEY: Record<EwbDocumentKind, string> = {
  invoice: 'invoices',
  delivery_challan: 'delivery-challans',
  inventory_transfer: 'inventory-transfers',
};

export const eWayBillKeys = {
  all: ['e-way-bills'] as const,
  of: (kind: EwbDocumentKind, id: number) => [...eWayBillKeys.all, kind, id] as const,
};

const pathOf = (companyId: number, kind: EwbDocumentKind, id: number) =>
  `admin/companies/${companyId}/${SEGMENT[kind]}/${id}/e_way_bill`;

export const eWayBillQuery = (companyId: number, kind: EwbDocumentKind, id: number) =>
  queryOptions({
    queryKey: eWayBillKeys.of(kind, id),
    queryFn: ({ signal }) => api.get<EWayBillState>(pathOf(companyId, kind, id), undefined, signal),
    retry: false,
  });

export const EWB_TOASTS = {
  generated: 'E-way bill generated.',
  generate_failed: 'Failed to generate the e-way bill.',
  vehicle_updated: 'Vehicle updated on the e-way bill.',
  vehicle_failed: 'Failed to update the vehicle.',
  extended: 'E-way bill validity extended.',
  extend_failed: 'Failed to extend the e-way bill.',
  cancelled: 'E-way bill cancelled.',
  cancel_failed: 'Failed to cancel the e-way bill.',
} as const;

type Action = 'generate' | 'part_b' | 'extend' | 'cancel';
const ACTIONS: Record<Action, { method: 'post' | 'put'; suffix: string; success: string; failure: string }> =
  {
    generate: {
      method: 'post',
      suffix: '',
      success: EWB_TOASTS.generated,
      failure: EWB_TOASTS.generate_failed,
    },
    part_b: {
      method: 'put',
      suffix: '/part_b',
      success: EWB_TOASTS.vehicle_updated,
      failure: EWB_TOASTS.vehicle_failed,
    },
    extend: {
      method: 'post',
      suffix: '/extend',
      success: EWB_TOASTS.extended,
      failure: EWB_TOASTS.extend_failed,
    },
    cancel: {
      method: 'post',
      suffix: '/cancel',
      success: EWB_TOASTS.cancelled,
      failure: EWB_TOASTS.cancel_failed,
    },
  };

interface Bodies {
  generate: GenerateBody;
  part_b: VehicleBody;
  extend: ExtendBody;
  cancel: CancelBody;
}

/** Generate, Update Vehicle, Extend, Cancel: each answers the e-way bill as it is now. */
export function useEWayBillAction<A extends Action>(
  companyId: number,
  kind: EwbDocumentKind,
  id: number,
  action: A,
) {
  const queryClient = useQueryClient();
  const { method, suffix, success, failure } = ACTIONS[action];
  return useMutation({
    mutationFn: (body: Bodies[A]) =>
      api[method]<EWayBillState>(`${pathOf(companyId, kind, id)}${suffix}`, body),
    meta: { successMessage: success, errorMessage: failure },
    onSuccess: (state) => {
      queryClient.setQueryData(eWayBillKeys.of(kind, id), state);
      return queryClient.invalidateQueries({ queryKey: [DOCUMENT_KEY[kind]] });
    },
  });
}
