import type { ProductBatchList, ProductBatchStock } from '@b2b/domain/api/stock-batches';
import { BATCH_DEFAULTS, batchSchema, readSettings } from '@b2b/domain/company-configurations';
import { BATCH_EXPIRY_STATUSES, batchExpiryLabel } from '@b2b/domain/inventory-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../api/client';
import { configurationListQuery } from '../company-configurations/company-configurations.api';
import { productKeys } from '../products/products.api';

export type { ProductBatchList, ProductBatchStock };

/** Under the product keys, so whatever moves stock (and refreshes products) refreshes batches. */
export const productBatchesQuery = (productId: number, warehouseId?: number) =>
  queryOptions({
    queryKey: [...productKeys.all, 'batches', productId, warehouseId ?? null] as const,
    queryFn: ({ signal }) =>
      api.get<ProductBatchList>(
        `products/${productId}/batches`,
        warehouseId ? { warehouse: warehouseId } : undefined,
        signal,
      ),
  });

/** The company's batch configuration as the forms need it: on, mandatory, alert days. */
export function useBatchConfiguration(companyId: number) {
  const list = useQuery(configurationListQuery(companyId));
  const entry = list.data?.find((c) => c.configuration_type === 'batch_configuration');
  const settings = readSettings(batchSchema, BATCH_DEFAULTS, entry?.configurations);
  const enabled = entry?.is_enabled === true;
  return {
    isLoading: list.isLoading,
    enabled,
    mandatory: enabled && settings.is_batch_mandatory,
    expiryAlertDays: Number(settings.expiry_alert_days),
  };
}

/** A batch's badge: its text and colour, as the Batch Inventory report shows it. */
export function expiryBadge(row: Pick<ProductBatchStock, 'status' | 'days_to_expiry'>) {
  const color = BATCH_EXPIRY_STATUSES.find((s) => s.value === row.status)?.color ?? 'gray';
  return { label: batchExpiryLabel(row.status, row.days_to_expiry), color };
}

/** A calendar day as the app shows dates: DD/MM/YYYY. */
export const formatDay = (day: string | null) => (day ? dayjs(day).format('DD/MM/YYYY') : '—');
