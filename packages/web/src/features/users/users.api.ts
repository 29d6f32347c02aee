import type { UserOutput, userCreate, userListFilters, userUpdate } from '@b2b/domain/api/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';

export type User = UserOutput;
export type UserListParams = ListParams & FiltersOf<typeof userListFilters>;
export type UserCreateBody = z.input<typeof userCreate>;
/** Editing oneself: the current password, when the password, e-mail or phone changes. */
export type UserUpdateBody = z.input<typeof userUpdate>;

export const userKeys = {
  all: ['users'] as const,
  list: (companyId: number, params: UserListParams) => [...userKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const userListQuery = (companyId: number, params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(companyId, params),
    queryFn: ({ signal }) => api.get<Paged<User>>(`companies/${companyId}/users`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** After a change to one user: its detail and every user list. */
function useInvalidateUser() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'list'] }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
    ]);
}

export function useCreateUser(companyId: number) {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (body: UserCreateBody) => api.post<User>(`companies/${companyId}/users`, body),
    meta: { successMessage: 'User created successfully.', errorMessage: 'Failed to Create User' },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => api.patch<User>(`users/${id}`, body),
    meta: { successMessage: 'User updated successfully.', errorMessage: 'Failed to Edit User' },
    onSuccess: (_user, { id }) => invalidate(id),
  });
}

export function useActivateUser() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (id: number) => api.post<User>(`users/${id}/activate`),
    meta: { successMessage: 'User Activated successfully.', errorMessage: 'Failed to Activate User' },
    onSuccess: (_user, id) => invalidate(id),
  });
}

export function useDeactivateUser() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (id: number) => api.post<User>(`users/${id}/deactivate`),
    meta: { successMessage: 'User Deactivated successfully.', errorMessage: 'Failed to Deactivate User' },
    onSuccess: (_user, id) => invalidate(id),
  });
}

export function useAssignBranches() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ id, branches }: { id: number; branches: number[] }) =>
      api.post<User>(`users/${id}/branches`, { branches }),
    meta: { successMessage: 'Branch assigned successfully.', errorMessage: 'Failed to assign Branch' },
    onSuccess: (_user, { id }) => invalidate(id),
  });
}

export function useUnassignBranches() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ id, branches }: { id: number; branches: number[] }) =>
      api.post<User>(`users/${id}/unassign_branches/`, { branches }),
    meta: { successMessage: 'Branch unassigned successfully.', errorMessage: 'Failed to unassign Branch' },
    onSuccess: (_user, { id }) => invalidate(id),
  });
}

/** Signs the user out everywhere and mails them to set a new password (admins never type one). */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`users/${id}/reset_password`),
    meta: {
      successMessage: 'Password reset sent successfully.',
      errorMessage: 'Failed to send Password Reset',
    },
  });
}
