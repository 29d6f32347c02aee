import type { ReportFilterOption, ReportOptionFilter } from '@b2b/domain/api/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import type { EntitySource, PickableEntity } from '../../components/entity-select';

/**
 * A report filter's records for the picker, from the reports' own options route (view_reports):
 * a user who may read reports can filter by buyer, brand or sales person without the right to
 * open those lists.
 */
const optionsPath = (companyId: number, filter: ReportOptionFilter) =>
  `admin/companies/${companyId}/reports/filters/${filter}`;

const pickable = (option: ReportFilterOption): PickableEntity => ({ ...option, is_active: true });

const NOUNS: Record<ReportOptionFilter, string> = {
  branch: 'branch',
  warehouse: 'warehouse',
  brand: 'brand',
  category: 'category',
  buyer: 'buyer',
  sales_person: 'sales person',
  sales_channel: 'sales channel',
  product: 'product',
  seller: 'seller',
  payment_method: 'payment method',
  offer: 'offer',
};

export const reportOptionSource = (
  companyId: number,
  filter: ReportOptionFilter,
): EntitySource<PickableEntity> => ({
  search: (search) =>
    queryOptions({
      queryKey: ['reports', 'filter-options', companyId, filter, search],
      queryFn: async ({ signal }): Promise<Paged<PickableEntity>> => {
        const { results } = await api.get<{ results: ReportFilterOption[] }>(
          optionsPath(companyId, filter),
          { search: search || undefined },
          signal,
        );
        return { count: results.length, next: null, previous: null, results: results.map(pickable) };
      },
      staleTime: 60_000,
    }),
  one: (id) =>
    queryOptions({
      queryKey: ['reports', 'filter-option', companyId, filter, id],
      queryFn: async ({ signal }) => {
        const { results } = await api.get<{ results: ReportFilterOption[] }>(
          optionsPath(companyId, filter),
          { ids: String(id) },
          signal,
        );
        const found = results[0];
        if (!found) throw new Error(`No ${NOUNS[filter]} ${id}`);
        return pickable(found);
      },
      staleTime: 60_000,
    }),
  noun: NOUNS[filter],
});
