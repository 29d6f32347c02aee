import type { cityOutput, stateOutput, UnitCreate, unitOutput } from '@b2b/domain/api/reference';
import type { salesChannelOutput } from '@b2b/domain/api/sales-channels';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';

export type State = z.output<typeof stateOutput>;
export type City = z.output<typeof cityOutput>;
/** A unit of quantity (UQC of the GST returns): Bags, Box, Numbers... */
export type Unit = z.output<typeof unitOutput>;
export type SalesChannel = z.output<typeof salesChannelOutput>;

/** Reference lists change rarely: cache them for the session. */
const REFERENCE_STALE_TIME = 60 * 60_000;

export const referenceKeys = {
  all: ['reference'] as const,
  states: () => [...referenceKeys.all, 'states'] as const,
  cities: (stateId: number | null, search: string) =>
    [...referenceKeys.all, 'cities', stateId, search] as const,
  salesChannels: () => [...referenceKeys.all, 'sales-channels'] as const,
  units: (companyId: number) => [...referenceKeys.all, 'units', companyId] as const,
};

export const statesQuery = queryOptions({
  queryKey: referenceKeys.states(),
  queryFn: ({ signal }) => api.get<Paged<State>>('states', { limit: 37 }, signal),
  staleTime: REFERENCE_STALE_TIME,
});

export const citiesQuery = (stateId: number | null, search: string) =>
  queryOptions({
    queryKey: referenceKeys.cities(stateId, search),
    queryFn: ({ signal }) => api.get<Paged<City>>('cities', { state: stateId, search, limit: 50 }, signal),
    enabled: stateId !== null,
    staleTime: REFERENCE_STALE_TIME,
  });

export const salesChannelsQuery = queryOptions({
  queryKey: referenceKeys.salesChannels(),
  queryFn: ({ signal }) => api.get<Paged<SalesChannel>>('admin/sales_channel/', undefined, signal),
  staleTime: REFERENCE_STALE_TIME,
  retry: false,
});

/** The units a company's products are counted in, answered whole. */
export const unitsQuery = (companyId: number) =>
  queryOptions({
    queryKey: referenceKeys.units(companyId),
    queryFn: ({ signal }) => api.get<Paged<Unit>>(`companies/${companyId}/units`, undefined, signal),
    staleTime: REFERENCE_STALE_TIME,
  });

/** '+ New Unit': a company's own unit, mapped to a GST UQC; the units list is read again. */
export function useCreateUnit(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnitCreate) => api.post<Unit>(`admin/companies/${companyId}/units`, body),
    meta: { successMessage: 'Unit created Successfully.', errorMessage: 'Failed to create Unit.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.units(companyId) }),
  });
}
