import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Input, Modal, ScrollArea, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useCurrentUser } from '../../session/current-user';
import { mayGrantPermission } from './grants';
import { PermissionMatrix } from './permission-matrix';
import { type Role, useCreateRole, useUpdateRole } from './roles.api';

const schema = z.object({
  display_name: z
    .string()
    .trim()
    .min(1, 'Role name is required.')
    .min(2, 'Role name should be at least 2 characters.')
    .max(64, 'Role name cannot exceed 64 characters.'),
  description: z.string().trim().max(500, 'Description cannot exceed 500 characters.'),
  permissions: z.array(z.string()),
});
type Values = z.input<typeof schema>;
const FIELDS = ['display_name', 'description', 'permissions'] as const;

export interface RoleFormDialogProps {
  companyId: number;
  role: Role | null;
  onClose: () => void;
}

/** Create or edit a role: its name, description and permission matrix. */
export function RoleFormDialog({ companyId, role, onClose }: RoleFormDialogProps) {
  const me = useCurrentUser();
  const createRole = useCreateRole(companyId);
  const updateRole = useUpdateRole();
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: {
      display_name: role?.display_name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
    },
  });
  const isAdminRole = Boolean(role?.is_admin);

  const submit = form.handleSubmit(async (values) => {
    const body = {
      display_name: values.display_name.trim(),
      description: values.description.trim(),
      permissions: values.permissions,
    };
    try {
      if (role) await updateRole.mutateAsync({ role, body });
      else await createRole.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={role ? 'Edit Role' : 'Create Role'} size="xl">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField control={form.control} name="display_name" label="Role Name" required />
          <TextareaField control={form.control} name="description" label="Description" autosize minRows={2} />
          <Input.Wrapper label="Permissions">
            {isAdminRole && (
              <Alert color="blue" variant="light" mb="sm">
                The Company Admin role holds every permission.
              </Alert>
            )}
            <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
              <Controller
                control={form.control}
                name="permissions"
                render={({ field }) => (
                  <PermissionMatrix
                    value={field.value}
                    onChange={field.onChange}
                    disabled={isAdminRole}
                    grantable={(permission) => mayGrantPermission(me, permission)}
                  />
                )}
              />
            </ScrollArea.Autosize>
          </Input.Wrapper>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={createRole.isPending || updateRole.isPending}>
              {role ? 'Save' : 'Create Role'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
