import type { BulkShipmentStatusInput, BulkShipmentStatusOutput } from '@b2b/domain/api/bulk-documents';
import type { commentOutput, historyPageOutput } from '@b2b/domain/api/sales-orders';
import type {
  createShipmentInput,
  InitiateShipmentOutput,
  ShipmentOutput,
  ShipmentSummaryOutput,
  shipmentIntegrationsOutput,
  shipmentListQuery as shipmentListSchema,
  shipmentUpdate,
} from '@b2b/domain/api/shipments';
import { SHIPMENT_MESSAGES, type ShipmentStatus, shipmentStatusLabel } from '@b2b/domain/shipments';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { PATHS } from '../../session/paths';

export type Shipment = ShipmentOutput;
export type ShipmentSummary = ShipmentSummaryOutput;
export type InitiateShipment = InitiateShipmentOutput;
export type ShipmentIntegrations = z.infer<typeof shipmentIntegrationsOutput>;
export type ShipmentHistory = z.infer<typeof historyPageOutput>;
export type ShipmentComment = z.infer<typeof commentOutput>;

/** The body of POST admin/invoices/{id}/shipments as the form sends it. */
export type CreateShipmentBody = z.input<typeof createShipmentInput>;
export type ShipmentUpdateBody = z.input<typeof shipmentUpdate>;

/** Filters of the shipment list. */
export type ShipmentFilters = FiltersOf<typeof shipmentListSchema>;
export type ShipmentListParams = ListParams & ShipmentFilters;

export const SHIPMENT_DEFAULT_ORDERING = '-shipment_date';

export const SHIPMENTS_LIST = { to: PATHS.shipments, label: 'Shipments' };

/** The shipment's delivery note / packing slip PDF, saved by the browser. */
export const downloadDeliveryNote = (shipment: Pick<Shipment, 'id' | 'shipment_number'>) =>
  downloadFile(
    `admin/shipments/${shipment.id}/delivery_note`,
    {},
    `delivery-note-${shipment.shipment_number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
  );

/** Ours: the spec names no PDF failure. */
export const DELIVERY_NOTE_FAILED = 'Failed to download Delivery Note';

export const shipmentLoadErrorTitle = (error: unknown, failed: string) =>
  isApiError(error) && error.status === 403 ? SHIPMENT_MESSAGES.forbidden_view : failed;

export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => [...shipmentKeys.all, 'list'] as const,
  list: (companyId: number, params: ShipmentListParams) =>
    [...shipmentKeys.lists(), companyId, params] as const,
  ofInvoice: (invoiceId: number) => [...shipmentKeys.lists(), 'invoice', invoiceId] as const,
  ofOrder: (orderId: number) => [...shipmentKeys.lists(), 'order', orderId] as const,
  detail: (id: number) => [...shipmentKeys.all, 'detail', id] as const,
  history: (id: number) => [...shipmentKeys.all, 'history', id] as const,
  initiate: (invoiceId: number) => [...shipmentKeys.all, 'initiate', invoiceId] as const,
  integrations: (companyId: number) => [...shipmentKeys.all, 'integrations', companyId] as const,
};

/** Shipments change their invoice's and their order's status and quantities: those are read again. */
const RELATED = [['invoices'], ['sales-orders']] as const;

export const shipmentListQuery = (companyId: number, params: ShipmentListParams) =>
  queryOptions({
    queryKey: shipmentKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<ShipmentSummary>>(`admin/companies/${companyId}/shipments`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The spec: an invoice's shipments (limit 1000), an order's (limit 10000), newest first. */
export const invoiceShipmentsQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: shipmentKeys.ofInvoice(invoiceId),
    queryFn: ({ signal }) =>
      api.get<Paged<ShipmentSummary>>(`admin/invoices/${invoiceId}/shipments`, { limit: 1000 }, signal),
  });

export const orderShipmentsQuery = (orderId: number) =>
  queryOptions({
    queryKey: shipmentKeys.ofOrder(orderId),
    queryFn: ({ signal }) =>
      api.get<Paged<ShipmentSummary>>(`admin/orders/${orderId}/shipments`, { limit: 10000 }, signal),
  });

export const shipmentQuery = (id: number) =>
  queryOptions({
    queryKey: shipmentKeys.detail(id),
    queryFn: ({ signal }) => api.get<Shipment>(`admin/shipments/${id}`, undefined, signal),
    retry: false,
  });

export const shipmentHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: shipmentKeys.history(id),
    queryFn: ({ signal }) => api.get<ShipmentHistory>(`admin/shipments/${id}/history`, undefined, signal),
  });

/** What each line of the invoice has left to ship (GET admin/invoices/{id}/initiate_shipment/). */
export const initiateShipmentQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: shipmentKeys.initiate(invoiceId),
    queryFn: ({ signal }) =>
      api.get<InitiateShipment>(`admin/invoices/${invoiceId}/initiate_shipment/`, undefined, signal),
    retry: false,
    staleTime: 0,
  });

export const shipmentIntegrationsQuery = (companyId: number) =>
  queryOptions({
    queryKey: shipmentKeys.integrations(companyId),
    queryFn: ({ signal }) =>
      api.get<ShipmentIntegrations>(`admin/companies/${companyId}/shipment_integrations`, undefined, signal),
    staleTime: 5 * 60_000,
  });

/** After a change to one shipment: the shipment, its history, every shipment list, its invoice and order. */
function useShipmentChanged() {
  const queryClient = useQueryClient();
  return (shipment: Shipment) => {
    queryClient.setQueryData(shipmentKeys.detail(shipment.id), shipment);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: shipmentKeys.history(shipment.id) }),
      queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: shipmentKeys.initiate(shipment.invoice.id) }),
      ...RELATED.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  };
}

export function useCreateShipment(invoiceId: number) {
  const changed = useShipmentChanged();
  return useMutation({
    mutationFn: (body: CreateShipmentBody) =>
      api.post<Shipment>(`admin/invoices/${invoiceId}/shipments`, body),
    meta: { successMessage: SHIPMENT_MESSAGES.created, errorMessage: SHIPMENT_MESSAGES.create_failed },
    onSuccess: changed,
  });
}

export function useUpdateShipment(id: number) {
  const changed = useShipmentChanged();
  return useMutation({
    mutationFn: (body: ShipmentUpdateBody) => api.patch<Shipment>(`admin/shipments/${id}`, body),
    meta: { successMessage: SHIPMENT_MESSAGES.updated, errorMessage: SHIPMENT_MESSAGES.update_failed },
    onSuccess: changed,
  });
}

/** Each status button says where it went: 'Status changed to Delivered.' */
export function useChangeShipmentStatus(id: number) {
  const changed = useShipmentChanged();
  return useMutation({
    mutationFn: (status: ShipmentStatus) => api.post<Shipment>(`admin/shipments/${id}/status`, { status }),
    meta: { errorMessage: SHIPMENT_MESSAGES.status_change_failed },
    onSuccess: changed,
  });
}

/**
 * The list's bulk 'Mark as …' (POST admin/companies/{companyId}/shipments/bulk_status): each
 * shipment by the same rule as its own button; the answer lists the changed and the refused.
 */
export function useBulkShipmentStatus(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkShipmentStatusInput) =>
      api.post<BulkShipmentStatusOutput>(`admin/companies/${companyId}/shipments/bulk_status`, body),
    meta: { errorMessage: SHIPMENT_MESSAGES.status_change_failed },
    // Shipments (lists, details, histories), their invoices and orders changed.
    onSuccess: () =>
      Promise.all(
        [shipmentKeys.all, ...RELATED].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const statusChangedMessage = (status: ShipmentStatus) =>
  `Status changed to ${shipmentStatusLabel(status)}.`;

export function useAddShipmentComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => api.post<ShipmentComment>(`admin/shipments/${id}/comments`, { comment }),
    meta: { successMessage: SHIPMENT_MESSAGES.comment_added, errorMessage: 'Failed to add comment' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.history(id) }),
      ]),
  });
}
