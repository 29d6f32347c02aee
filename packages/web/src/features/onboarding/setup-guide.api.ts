import type { SetupGuideOutput } from '@b2b/domain/api/setup-guide';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export type SetupGuide = SetupGuideOutput;
export type SetupBranch = SetupGuide['branches'][number];

export const setupGuideKeys = {
  all: ['setup-guide'] as const,
  detail: (companyId: number) => [...setupGuideKeys.all, companyId] as const,
};

/**
 * GET companies/{companyId}/setup_guide. Every area changes what it reports (a product added, a
 * bank account saved) without knowing about the guide, so it is read afresh whenever a screen
 * that shows it opens, instead of being invalidated by each of those mutations.
 */
export const setupGuideQuery = (companyId: number) =>
  queryOptions({
    queryKey: setupGuideKeys.detail(companyId),
    queryFn: ({ signal }) => api.get<SetupGuide>(`companies/${companyId}/setup_guide`, undefined, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
