import type { RoleOutput, roleCreate, roleListFilters } from '@b2b/domain/api/roles';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type Role = RoleOutput;
export type RoleListParams = ListParams & FiltersOf<typeof roleListFilters>;
/** The whole role as the form makes it (the create body parsed); an edit sends its changes. */
export type RoleBody = z.output<typeof roleCreate>;

export const roleKeys = {
  all: ['roles'] as const,
  list: (companyId: number, params: RoleListParams) => [...roleKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
};

export const roleListQuery = (companyId: number, params: RoleListParams) =>
  queryOptions({
    queryKey: roleKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Role>>(
        `companies/${companyId}/roles`,
        { expand: 'company,permissions', ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** All roles for pickers and filters: the spec's call (limit 200, ordered by name). */
export const allRolesQuery = (companyId: number) =>
  roleListQuery(companyId, { limit: 200, ordering: 'display_name' });

export function useCreateRole(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => api.post<Role>(`companies/${companyId}/roles`, body),
    meta: { successMessage: 'Role created successfully.', errorMessage: 'Failed to create Role.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/**
 * Saving a role: name and description by PATCH, then the permission difference through
 * add_permissions and remove_permissions, so a concurrent edit of other permissions is kept.
 */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ role, body }: { role: Role; body: RoleBody }) => {
      const before = new Set(role.permissions);
      const after = new Set(body.permissions);
      const added = body.permissions.filter((p) => !before.has(p));
      const removed = role.permissions.filter((p) => !after.has(p));
      await api.patch<Role>(`roles/${role.id}`, {
        display_name: body.display_name,
        description: body.description,
      });
      if (added.length > 0) await api.patch<Role>(`roles/${role.id}/add_permissions`, { permissions: added });
      if (removed.length > 0)
        await api.patch<Role>(`roles/${role.id}/remove_permissions`, { permissions: removed });
    },
    meta: { successMessage: 'Role updated successfully.', errorMessage: 'Failed to update Role.' },
    onSettled: (_data, _error, { role }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...roleKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: roleKeys.detail(role.id) }),
      ]),
  });
}

export function useSetRoleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, active }: { role: Role; active: boolean }) =>
      api.post<Role>(`roles/${role.id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (_role, { active }) =>
      notifySuccess(active ? 'Role activated successfully.' : 'Role deactivated successfully.'),
    onError: (error, { active }) =>
      notifyFailure(active ? 'Failed to activate Role.' : 'Failed to deactivate Role.', error),
    onSettled: (_data, _error, { role }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...roleKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: roleKeys.detail(role.id) }),
      ]),
  });
}
