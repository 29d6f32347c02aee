import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { IdName, Paged } from '../../api/types';

/** A warehouse as the company's warehouse list answers it (read-only until the warehouses screens exist). */
export interface Warehouse {
  id: number;
  name: string;
  tally_warehouse_name: string | null;
  position: number;
  is_active: boolean;
  is_private: boolean;
  branch: IdName;
  created_at: string;
  updated_at: string;
}

export interface WarehouseListParams {
  is_active?: boolean;
  branch?: number;
  search?: string;
  limit?: number;
}

export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (companyId: number, params: WarehouseListParams) =>
    [...warehouseKeys.all, 'list', companyId, params] as const,
};

/** The company's active warehouses, all of them (limit -1), for pickers. */
export const activeWarehousesQuery = (companyId: number) =>
  queryOptions({
    queryKey: warehouseKeys.list(companyId, { is_active: true, limit: -1 }),
    queryFn: ({ signal }) =>
      api.get<Paged<Warehouse>>(`companies/${companyId}/warehouses`, { is_active: true, limit: -1 }, signal),
    staleTime: 5 * 60_000,
  });
