import type {
  BatchInventoryOutput,
  BatchInventoryRow,
  batchInventoryQuery as batchInventorySchema,
  InventoryAgeOutput,
  InventoryAgeRow,
  inventoryAgeQuery as inventoryAgeSchema,
  OverstockingRow,
  overstockingQuery as overstockingSchema,
  UnderStockingRow,
} from '@b2b/domain/api/stock-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { FiltersOf, ListParams, Paged } from '../../api/types';

export type {
  BatchInventoryOutput,
  BatchInventoryRow,
  InventoryAgeOutput,
  InventoryAgeRow,
  OverstockingRow,
  UnderStockingRow,
};

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

export const BATCH_INVENTORY_PATH = 'admin/reports/batch_inventory';
export const INVENTORY_AGE_PATH = 'admin/reports/inventory_age';

/** The report's filters; `format` is the CSV download's, not the list's. */
export type BatchInventoryParams = ListParams & Omit<FiltersOf<typeof batchInventorySchema>, 'format'>;
export type InventoryAgeParams = ListParams & Omit<FiltersOf<typeof inventoryAgeSchema>, 'format'>;

export const inventoryReportKeys = {
  all: ['inventory-reports'] as const,
  batches: (companyId: number, params: BatchInventoryParams) =>
    [...inventoryReportKeys.all, 'batch-inventory', companyId, params] as const,
  ages: (companyId: number, params: InventoryAgeParams) =>
    [...inventoryReportKeys.all, 'inventory-age', companyId, params] as const,
};

/**
 * Reports are read afresh on every visit (staleTime 0): stock moves on other screens, and days to
 * expiry and ages change with the calendar day.
 */
export const batchInventoryQuery = (companyId: number, params: BatchInventoryParams) =>
  queryOptions({
    queryKey: inventoryReportKeys.batches(companyId, params),
    queryFn: ({ signal }) => api.get<BatchInventoryOutput>(BATCH_INVENTORY_PATH, { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const inventoryAgeQuery = (companyId: number, params: InventoryAgeParams) =>
  queryOptions({
    queryKey: inventoryReportKeys.ages(companyId, params),
    queryFn: ({ signal }) => api.get<InventoryAgeOutput>(INVENTORY_AGE_PATH, { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The whole report with the screen's filters and order (every page) as a CSV file. */
function downloadReport(path: string, params: ListParams & Record<string, unknown>, fallbackName: string) {
  const { limit: _limit, offset: _offset, ...filters } = params;
  return downloadFile(
    path,
    { ...(filters as Record<string, string | number | undefined>), format: 'csv' },
    fallbackName,
  );
}

export const downloadBatchInventory = (params: BatchInventoryParams) =>
  downloadReport(BATCH_INVENTORY_PATH, { ...params }, 'batch-inventory.csv');

export const downloadInventoryAge = (params: InventoryAgeParams) =>
  downloadReport(INVENTORY_AGE_PATH, { ...params }, 'inventory-age.csv');
