import type {
  CONFIGURATION_TYPES,
  configurationCreate,
  configurationOutput,
  configurationUpdate,
} from '@b2b/domain/api/companies';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

export type ConfigurationType = (typeof CONFIGURATION_TYPES)[number];

export type CompanyConfiguration = z.output<typeof configurationOutput>;
type ConfigurationCreateBody = z.input<typeof configurationCreate>;
type ConfigurationUpdateBody = z.input<typeof configurationUpdate>;

export const configurationKeys = {
  all: ['company-configurations'] as const,
  list: (companyId: number) => [...configurationKeys.all, 'list', companyId] as const,
  /** Under the list key, so whatever refreshes the list refreshes this too. */
  ofType: (companyId: number, type: ConfigurationType) =>
    [...configurationKeys.list(companyId), type] as const,
};

/** The signed-in company's configuration entries, at most one per type (the server answers a plain list). */
export const configurationListQuery = (companyId: number) =>
  queryOptions({
    queryKey: configurationKeys.list(companyId),
    queryFn: ({ signal }) => api.get<CompanyConfiguration[]>('company_configurations', undefined, signal),
  });

/**
 * One type's entry (or none): what another screen's form reads. The server lets any member read
 * the types in CONFIGURATION_TYPES_READ_BY_FORMS; the whole list takes view_configuration.
 */
export const configurationOfTypeQuery = (companyId: number, type: ConfigurationType) =>
  queryOptions({
    queryKey: configurationKeys.ofType(companyId, type),
    queryFn: async ({ signal }) =>
      (
        await api.get<CompanyConfiguration[]>('company_configurations', { configuration_type: type }, signal)
      )[0] ?? null,
  });

export interface SaveConfiguration {
  type: ConfigurationType;
  /** The stored entry of that type; none yet means the entry is created. */
  existing: CompanyConfiguration | undefined;
  /**
   * The type's settings as a whole; unknown keys already stored are kept. Stored secrets come back
   * as null with a `<key>_set` flag; sent back that way, the server keeps them.
   */
  settings?: Record<string, unknown>;
  is_enabled?: boolean;
  /** What a new entry starts with when only is_enabled is given. */
  defaults: Record<string, unknown>;
}

/**
 * A configuration change: PATCH of the entry, or POST of a new one for a type not stored yet
 * (the server answers 409 when it exists after all; the list is read again either way).
 */
export function useSaveConfiguration(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, existing, settings, is_enabled, defaults }: SaveConfiguration) => {
      if (existing) {
        return api.patch<CompanyConfiguration>(`company_configurations/${existing.id}`, {
          ...(settings ? { configurations: { ...existing.configurations, ...settings } } : {}),
          ...(is_enabled === undefined ? {} : { is_enabled }),
        } satisfies ConfigurationUpdateBody);
      }
      return api.post<CompanyConfiguration>('company_configurations', {
        configuration_type: type,
        configurations: settings ?? defaults,
        is_enabled: is_enabled ?? false,
      } satisfies ConfigurationCreateBody);
    },
    meta: {
      successMessage: 'Configurations updated successfully.',
      errorMessage: 'Failed to update configurations.',
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<CompanyConfiguration[]>(configurationKeys.list(companyId), (entries) =>
        entries
          ? [...entries.filter((entry) => entry.configuration_type !== saved.configuration_type), saved]
          : entries,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationKeys.list(companyId) }),
  });
}
