import type {
  AvailableSerialNumbers,
  InvoiceSerialNumbers,
  SerialNumberOutput,
  SerialNumberTrace,
  serialNumberListQuery,
} from '@b2b/domain/api/serial-numbers';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';

export type { AvailableSerialNumbers, InvoiceSerialNumbers, SerialNumberOutput, SerialNumberTrace };
export type SerialNumberListParams = ListParams & FiltersOf<typeof serialNumberListQuery>;

/** Serial numbers are written by the documents that move them; these are reads only. */
export const serialNumberKeys = {
  all: ['serial-numbers'] as const,
  list: (companyId: number, params: SerialNumberListParams) =>
    [...serialNumberKeys.all, 'list', companyId, params] as const,
  trace: (id: number) => [...serialNumberKeys.all, 'trace', id] as const,
  invoice: (invoiceId: number) => [...serialNumberKeys.all, 'invoice', invoiceId] as const,
  available: (productId: number, warehouseId: number) =>
    [...serialNumberKeys.all, 'available', productId, warehouseId] as const,
};

export const serialNumberListQueryOptions = (companyId: number, params: SerialNumberListParams) =>
  queryOptions({
    queryKey: serialNumberKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<SerialNumberOutput>>(
        `admin/companies/${companyId}/serial_numbers`,
        { ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const serialNumberTraceQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: serialNumberKeys.trace(id),
    queryFn: ({ signal }) =>
      api.get<SerialNumberTrace>(
        `admin/companies/${companyId}/serial_numbers/${id}/trace`,
        undefined,
        signal,
      ),
  });

export const invoiceSerialNumbersQuery = (companyId: number, invoiceId: number) =>
  queryOptions({
    queryKey: serialNumberKeys.invoice(invoiceId),
    queryFn: ({ signal }) =>
      api.get<InvoiceSerialNumbers>(
        `admin/companies/${companyId}/invoices/${invoiceId}/serial_numbers`,
        undefined,
        signal,
      ),
  });

/** The units of a product that may be sold from a warehouse (the picker shows up to 1000). */
export const availableSerialNumbersQuery = (companyId: number, productId: number, warehouseId: number) =>
  queryOptions({
    queryKey: serialNumberKeys.available(productId, warehouseId),
    queryFn: ({ signal }) =>
      api.get<AvailableSerialNumbers>(
        `admin/companies/${companyId}/products/${productId}/serial_numbers/available`,
        { warehouse_id: warehouseId, limit: 1000 },
        signal,
      ),
  });
