import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';

export interface BranchSummary {
  id: number;
  name: string;
  is_active: boolean;
  gstin: string | null;
}

export const branchKeys = {
  all: ['branches'] as const,
  list: (companyId: number, params: Record<string, unknown>) =>
    [...branchKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...branchKeys.all, 'detail', id] as const,
};

/** Every branch of the company, for pickers (limit -1 = all). */
export const allBranchesQuery = (companyId: number) =>
  queryOptions({
    queryKey: branchKeys.list(companyId, { limit: -1 }),
    queryFn: ({ signal }) =>
      api.get<Paged<BranchSummary>>(
        `companies/${companyId}/branches`,
        { limit: -1, ordering: 'name' },
        signal,
      ),
    staleTime: 5 * 60_000,
  });
