import type {
  BatchInventoryOutput,
  BatchInventoryRow,
  batchInventoryQuery as batchInventorySchema,
  InventoryAgeOutput,
  InventoryAgeRow,
  inventoryAgeQuery as inventoryAgeSchema,
} from '@b2b/domain/api/inventory-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { FiltersOf, ListParams } from '../../api/types';

export type { BatchInventoryOutput, BatchInventoryRow, InventoryAgeOutput, InventoryAgeRow };

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
