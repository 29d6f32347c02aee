import type {
  OverstockingRow,
  overstockingQuery as overstockingSchema,
  UnderStockingRow,
} from '@b2b/domain/api/stock-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';

export type { OverstockingRow, UnderStockingRow };

export type OverstockingParams = ListParams & Required<FiltersOf<typeof overstockingSchema>>;

/** Stock moves with every document, so these are read again on each visit. */
export const stockReportKeys = {
  all: ['stock-reports'] as const,
  underStocking: (params: ListParams) => [...stockReportKeys.all, 'under-stocking', params] as const,
  overstocking: (params: OverstockingParams) => [...stockReportKeys.all, 'overstocking', params] as const,
};

export const underStockingQuery = (params: ListParams) =>
  queryOptions({
    queryKey: stockReportKeys.underStocking(params),
    queryFn: ({ signal }) =>
      api.get<Paged<UnderStockingRow>>('admin/reports/under_stocking', { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const overstockingQuery = (params: OverstockingParams) =>
  queryOptions({
    queryKey: stockReportKeys.overstocking(params),
    queryFn: ({ signal }) =>
      api.get<Paged<OverstockingRow>>('admin/reports/overstocking', { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
