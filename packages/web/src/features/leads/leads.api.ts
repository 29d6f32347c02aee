import type { AddressOutput } from '@b2b/domain/api/common';
import {
  LEAD_MESSAGES,
  type LeadCreateInput,
  type LeadOutput,
  type leadAddressCreate,
  type leadInventoryExposureCreate,
  type leadInventoryExposureOutput,
  type leadListFilters,
  type leadTransactionCreate,
  type leadTransactionOutput,
  type leadUpdate,
  type leadVisitCreate,
  type leadVisitOutput,
} from '@b2b/domain/api/leads';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

type Person = { id: number; first_name: string; last_name: string } | null;
export type Lead = Omit<LeadOutput, 'sales_person' | 'created_at' | 'updated_at' | 'converted_at'> & {
  sales_person: Person | number;
  created_at: string;
  updated_at: string;
  converted_at: string | null;
};
/** A lead read with expand=sales_person (the detail always has it). */
export type LeadDetail = Omit<Lead, 'sales_person' | 'addresses'> & {
  sales_person: Person;
  addresses: AddressOutput[];
};
export type LeadListParams = ListParams & FiltersOf<typeof leadListFilters>;
export type LeadUpdateBody = z.input<typeof leadUpdate>;
export type LeadVisit = z.output<typeof leadVisitOutput> & { visited_at: string; created_at: string };
export type LeadTransaction = z.output<typeof leadTransactionOutput>;
export type LeadExposure = z.output<typeof leadInventoryExposureOutput>;

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (companyId: number, params: LeadListParams) => [...leadKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...leadKeys.all, 'detail', id] as const,
  visits: (id: number, params: ListParams) => [...leadKeys.all, 'visits', id, params] as const,
  transactions: (id: number) => [...leadKeys.all, 'transactions', id] as const,
  exposures: (id: number) => [...leadKeys.all, 'exposures', id] as const,
  followUps: (companyId: number) => [...leadKeys.all, 'follow-ups', companyId] as const,
};

export const leadListQuery = (companyId: number, params: LeadListParams) =>
  queryOptions({
    queryKey: leadKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Lead>>(
        `admin/companies/${companyId}/leads`,
        { ...params, expand: 'sales_person' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const leadQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => api.get<LeadDetail>(`admin/leads/${id}`, undefined, signal),
  });

export const leadVisitsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: leadKeys.visits(id, params),
    queryFn: ({ signal }) => api.get<Paged<LeadVisit>>(`admin/leads/${id}/visits/`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const leadTransactionsQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.transactions(id),
    queryFn: ({ signal }) =>
      api.get<Paged<LeadTransaction>>(`admin/leads/${id}/transactions`, undefined, signal),
  });

export const leadExposuresQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.exposures(id),
    queryFn: ({ signal }) =>
      api.get<Paged<LeadExposure>>(`admin/leads/${id}/exposed_inventory`, undefined, signal),
  });

export const leadFollowUpsQuery = (companyId: number) =>
  queryOptions({
    queryKey: leadKeys.followUps(companyId),
    queryFn: ({ signal }) =>
      api.get<{ due_today: number; overdue: number }>(
        `admin/companies/${companyId}/leads/follow_ups`,
        undefined,
        signal,
      ),
  });

/** Every read of leads: a change to one lead can move it in any list, count or tab. */
function useInvalidateLeads() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: leadKeys.all });
}

export function useSaveLead(companyId: number) {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: LeadCreateInput | LeadUpdateBody }) =>
      id === undefined
        ? api.post<LeadDetail>(`admin/companies/${companyId}/leads`, body)
        : api.patch<LeadDetail>(`admin/leads/${id}`, body),
    onSuccess: (_lead, { id }) => {
      void invalidate();
      notifySuccess(id === undefined ? LEAD_MESSAGES.created : LEAD_MESSAGES.updated);
    },
    onError: (error, { id }) =>
      notifyFailure(id === undefined ? LEAD_MESSAGES.create_failed : LEAD_MESSAGES.update_failed, error),
  });
}

export function useAddLeadAddress(leadId: number) {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (body: z.input<typeof leadAddressCreate>) =>
      api.post<AddressOutput>(`admin/leads/${leadId}/addresses`, body),
    onSuccess: () => {
      void invalidate();
      notifySuccess(LEAD_MESSAGES.address_created);
    },
  });
}

export function useLogVisit(leadId: number) {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (body: z.input<typeof leadVisitCreate>) =>
      api.post<LeadVisit>(`admin/leads/${leadId}/visits/`, body),
    onSuccess: () => {
      void invalidate();
      notifySuccess(LEAD_MESSAGES.visit_logged);
    },
  });
}

export function useRecordLeadTransaction(leadId: number) {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (body: z.input<typeof leadTransactionCreate>) =>
      api.post<{ detail: string }>(`admin/leads/${leadId}/transactions`, body),
    onSuccess: () => {
      void invalidate();
      notifySuccess(LEAD_MESSAGES.transaction_recorded);
    },
  });
}

export function useExposeInventory(leadId: number) {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (body: z.input<typeof leadInventoryExposureCreate>) =>
      api.post<{ detail: string; exposure: LeadExposure }>(`admin/leads/${leadId}/exposed_inventory`, body),
    onSuccess: () => {
      void invalidate();
      notifySuccess(LEAD_MESSAGES.inventory_exposed);
    },
  });
}

export function useConvertLead(leadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ detail: string; buyer: { id: number; name: string } }>(`admin/leads/${leadId}/convert`, {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: leadKeys.all });
      void client.invalidateQueries({ queryKey: ['buyers'] });
      notifySuccess(LEAD_MESSAGES.activated);
    },
    onError: (error) => notifyFailure(LEAD_MESSAGES.update_failed, error),
  });
}

/** The full address of a shared inventory link (the API serves its page). */
export const sharedInventoryUrl = (exposure: { url: string }) =>
  new URL(`/api/${exposure.url}`, window.location.origin).toString();
