import type { DashboardOutput } from '@b2b/domain/api/dashboard';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { DashboardOutput };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  detail: (companyId: number, branch: number | null) => [...dashboardKeys.all, companyId, branch] as const,
};

/**
 * GET admin/companies/{companyId}/dashboard, for every branch the user sees or one of them. Read
 * afresh on every visit: the figures move with every order, invoice and payment.
 */
export const dashboardQuery = (companyId: number, branch: number | null) =>
  queryOptions({
    queryKey: dashboardKeys.detail(companyId, branch),
    queryFn: ({ signal }) =>
      api.get<DashboardOutput>(
        `admin/companies/${companyId}/dashboard`,
        branch === null ? undefined : { branch },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
