import type {
  AmountPayableRow,
  AmountPayablesOutput,
  amountPayablesFilters,
  BrandWisePurchaseOutput,
  BrandWisePurchaseRow,
  brandWisePurchaseFilters,
  PaymentToSellerOutput,
  PaymentToSellerRow,
  paymentToSellerFilters,
} from '@b2b/domain/purchase-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FiltersOf, ListParams } from '../../api/types';
import { downloadListCsv } from '../../components/download-list-csv';

export type {
  AmountPayableRow,
  AmountPayablesOutput,
  BrandWisePurchaseOutput,
  BrandWisePurchaseRow,
  PaymentToSellerOutput,
  PaymentToSellerRow,
};

/** A report's filters; `format` is the CSV download's, not the page's. */
export type AmountPayablesParams = ListParams & Omit<FiltersOf<typeof amountPayablesFilters>, 'format'>;
export type BrandWisePurchaseParams = ListParams & Omit<FiltersOf<typeof brandWisePurchaseFilters>, 'format'>;
export type PaymentToSellerParams = ListParams & Omit<FiltersOf<typeof paymentToSellerFilters>, 'format'>;

const reportPath = (companyId: number, report: string) => `admin/companies/${companyId}/reports/${report}`;

export const purchaseReportKeys = {
  all: ['purchase-reports'] as const,
  report: (companyId: number, report: string, params: object) =>
    [...purchaseReportKeys.all, report, companyId, params] as const,
};

/**
 * Reports are read afresh on every visit (staleTime 0): bills and payments change on other
 * screens, and ageing moves with the calendar day.
 */
function reportQuery<Answer>(companyId: number, report: string, params: object) {
  return queryOptions({
    queryKey: purchaseReportKeys.report(companyId, report, params),
    queryFn: ({ signal }) => api.get<Answer>(reportPath(companyId, report), { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const amountPayablesQuery = (companyId: number, params: AmountPayablesParams) =>
  reportQuery<AmountPayablesOutput>(companyId, 'amount_payables', params);

export const brandWisePurchaseQuery = (companyId: number, params: BrandWisePurchaseParams) =>
  reportQuery<BrandWisePurchaseOutput>(companyId, 'brand_wise_purchase', params);

export const paymentToSellerQuery = (companyId: number, params: PaymentToSellerParams) =>
  reportQuery<PaymentToSellerOutput>(companyId, 'payment_to_seller', params);

/** The whole report with the screen's filters and order (every row) as a CSV file. */
export const downloadPurchaseReport = (companyId: number, report: string, params: object, name: string) =>
  downloadListCsv(reportPath(companyId, report), params, name);
