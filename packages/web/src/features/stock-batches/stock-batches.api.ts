import type { ProductBatchList, ProductBatchStock } from '@b2b/domain/api/stock-batches';
import { BATCH_DEFAULTS, batchSchema, readSettings } from '@b2b/domain/company-configurations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { configurationOfTypeQuery } from '../company-configurations/company-configurations.api';
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
  // Only this type: the whole list takes view_configuration, which a stock clerk need not have.
  const list = useQuery(configurationOfTypeQuery(companyId, 'batch_configuration'));
  const entry = list.data ?? undefined;
  const settings = readSettings(batchSchema, BATCH_DEFAULTS, entry?.configurations);
  const enabled = entry?.is_enabled === true;
  return {
    isLoading: list.isLoading,
    enabled,
    mandatory: enabled && settings.is_batch_mandatory,
    expiryAlertDays: Number(settings.expiry_alert_days),
  };
}
