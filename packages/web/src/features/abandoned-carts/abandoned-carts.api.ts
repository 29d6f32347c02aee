import type {
  AbandonedCartRow,
  abandonedCartsFilters,
  abandonedCartsOutput,
} from '@b2b/domain/api/storefront';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams } from '../../api/types';
import { downloadListCsv } from '../../components/download-list-csv';

export type { AbandonedCartRow };
export type AbandonedCartsOutput = z.output<typeof abandonedCartsOutput>;

/** The report's filters; `format` is the CSV download's, not the page's. */
export type AbandonedCartsParams = ListParams & Omit<FiltersOf<typeof abandonedCartsFilters>, 'format'>;

const reportPath = (companyId: number) => `companies/${companyId}/reports/abandoned_carts`;

export const abandonedCartKeys = {
  all: ['abandoned-carts'] as const,
  report: (companyId: number, params: object) => [...abandonedCartKeys.all, companyId, params] as const,
};

/** Read afresh on every visit: carts are abandoned by the server's schedule, not by this screen. */
export const abandonedCartsQuery = (companyId: number, params: AbandonedCartsParams) =>
  queryOptions({
    queryKey: abandonedCartKeys.report(companyId, params),
    queryFn: ({ signal }) => api.get<AbandonedCartsOutput>(reportPath(companyId), { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every abandoned cart of the screen's filters and order as a CSV file. */
export const downloadAbandonedCarts = (companyId: number, params: object) =>
  downloadListCsv(reportPath(companyId), params, 'abandoned-carts.csv');
