import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { MultiSelectField } from '../../components/multi-select-field';
import { PasswordField } from '../../components/password-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { allBranchesQuery } from '../branches/branches.api';
import { grantsOf, mayGrantRole } from '../roles/grants';
import { allRolesQuery } from '../roles/roles.api';
import { createUserSchema, editUserSchema, USER_FORM_FIELDS, type UserFormValues } from './user-form.schema';
import {
  type User,
  useAssignBranches,
  useCreateUser,
  useSendPasswordReset,
  useUnassignBranches,
  useUpdateUser,
} from './users.api';

export interface UserFormDialogProps {
  companyId: number;
  /** null creates a user */
  user: User | null;
  onClose: () => void;
}

function initialValues(user: User | null): UserFormValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    password: '',
    current_password: '',
    role: user?.role ? String(user.role.id) : null,
    branches: user?.branches.map((branch) => String(branch.id)) ?? [],
  };
}

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Create or edit a user: names, contact, role, branches, and the password on create or for
 * oneself. Another user's password is never typed by an admin: they are sent a reset instead.
 */
export function UserFormDialog({ companyId, user, onClose }: UserFormDialogProps) {
  const me = useCurrentUser();
  const editingOther = user !== null && user.id !== me.id;
  const editingSelf = user !== null && user.id === me.id;
  const sendReset = useSendPasswordReset();
  const roles = useQuery(allRolesQuery(companyId));
  const branches = useQuery(allBranchesQuery(companyId));
  const createUser = useCreateUser(companyId);
  const updateUser = useUpdateUser();
  const assign = useAssignBranches();
  const unassign = useUnassignBranches();
  const form = useForm<UserFormValues>({
    mode: 'all',
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's input type is the schema's, the form keeps strings
    resolver: zodResolver(user ? editUserSchema : createUserSchema) as any,
    defaultValues: initialValues(user),
  });

  const roleOptions = (roles.data?.results ?? [])
    .filter((role) => (role.is_active && mayGrantRole(me, role)) || role.id === user?.role?.id)
    .map((role) => ({ value: String(role.id), label: role.display_name }));
  const branchOptions = (branches.data?.results ?? [])
    // Work in a branch is given only by someone who works there (a Company Admin works in all).
    .filter(
      (branch) =>
        (branch.is_active && (grantsOf(me).isAdmin || me.branches.some((b) => b.id === branch.id))) ||
        user?.branches.some((b) => b.id === branch.id),
    )
    .map((branch) => ({ value: String(branch.id), label: branch.name }));

  const saving = createUser.isPending || updateUser.isPending || assign.isPending || unassign.isPending;

  const submit = form.handleSubmit(async (values) => {
    const common = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      phone: blankToNull(values.phone),
      role: Number(values.role),
    };
    const branchIds = values.branches.map(Number);
    const onError = (error: unknown) => applyServerErrors(error, form.setError, USER_FORM_FIELDS);
    try {
      if (!user) {
        await createUser.mutateAsync({ ...common, password: values.password, branches: branchIds });
      } else {
        await updateUser.mutateAsync({
          id: user.id,
          body: {
            ...common,
            ...(values.password && !editingOther ? { password: values.password } : {}),
            ...(editingSelf && values.current_password ? { current_password: values.current_password } : {}),
          },
        });
        const before = new Set(user.branches.map((branch) => branch.id));
        const added = branchIds.filter((id) => !before.has(id));
        const removed = [...before].filter((id) => !branchIds.includes(id));
        if (added.length > 0) await assign.mutateAsync({ id: user.id, branches: added });
        if (removed.length > 0) await unassign.mutateAsync({ id: user.id, branches: removed });
      }
      onClose();
    } catch (error) {
      onError(error);
    }
  });

  return (
    <Modal opened onClose={onClose} title={user ? 'Edit User' : 'Create User'} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={form.control} name="first_name" label="First Name" required />
            <TextField control={form.control} name="last_name" label="Last Name" />
            <TextField control={form.control} name="email" label="Email" required type="email" />
            <TextField control={form.control} name="phone" label="Phone" inputMode="tel" maxLength={10} />
            <SelectField
              control={form.control}
              name="role"
              label="Role"
              required
              data={roleOptions}
              searchable
              placeholder={roles.isLoading ? 'Loading roles…' : 'Choose a role'}
              nothingFoundMessage="No role found"
            />
            {editingOther ? (
              <Input.Wrapper
                label="Password"
                description="Signs the user out everywhere and e-mails them to set a new password."
              >
                <Button
                  variant="light"
                  mt={4}
                  loading={sendReset.isPending}
                  onClick={() => sendReset.mutate(user.id)}
                >
                  Send Password Reset
                </Button>
              </Input.Wrapper>
            ) : (
              <PasswordField
                control={form.control}
                name="password"
                label={user ? 'New Password' : 'Password'}
                required={!user}
                autoComplete="new-password"
                description={user ? 'Leave blank to keep the current password.' : undefined}
              />
            )}
            {editingSelf && (
              <PasswordField
                control={form.control}
                name="current_password"
                label="Current Password"
                autoComplete="current-password"
                description="Needed to change your password, e-mail or phone."
              />
            )}
          </SimpleGrid>
          <MultiSelectField
            control={form.control}
            name="branches"
            label="Branches"
            required
            data={branchOptions}
            searchable
            placeholder={branches.isLoading ? 'Loading branches…' : 'Choose branches'}
            nothingFoundMessage="No branch found"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {user ? 'Save' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
