import {
  PERMISSION_ACTIONS,
  PERMISSION_GROUPS,
  PERMISSION_SUBJECTS,
  type PermissionSubject,
  permissionLabel,
  permissionsOfSubject,
} from '@b2b/domain/permissions';
import { Checkbox, Group, Stack, Table, Text } from '@mantine/core';

const ACTION_HEADERS = { view: 'View', add: 'Add', change: 'Edit', delete: 'Delete' } as const;

export interface PermissionMatrixProps {
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** Whether the signed-in user may add this permission (the server refuses the rest); all when absent. */
  grantable?: (permission: string) => boolean;
}

const SUBJECTS_BY_GROUP = PERMISSION_GROUPS.map((group) => ({
  group,
  subjects: PERMISSION_SUBJECTS.filter((subject) => subject.group === group),
})).filter((entry) => entry.subjects.length > 0);

function groupPermissions(subjects: readonly PermissionSubject[]): string[] {
  return subjects.flatMap((subject) => [...permissionsOfSubject(subject.subject)]);
}

/** View / Add / Edit / Delete checkboxes per subject, grouped as in the domain catalogue. */
export function PermissionMatrix({ value, onChange, disabled, grantable }: PermissionMatrixProps) {
  const held = new Set(value);
  // What the role already holds may always be taken away; only additions need the user to hold them.
  const toggleable = (permission: string) => held.has(permission) || (grantable?.(permission) ?? true);
  const set = (permissions: string[], on: boolean) => {
    const next = new Set(held);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    onChange([...next].sort());
  };

  return (
    <Stack gap="lg">
      {SUBJECTS_BY_GROUP.map(({ group, subjects }) => {
        const all = groupPermissions(subjects);
        const count = all.filter((permission) => held.has(permission)).length;
        return (
          <div key={group}>
            <Group justify="space-between" mb={4}>
              <Checkbox
                label={<Text fw={700}>{group}</Text>}
                aria-label={`All ${group} permissions`}
                checked={count === all.length}
                indeterminate={count > 0 && count < all.length}
                disabled={disabled}
                onChange={(event) => set(all.filter(toggleable), event.currentTarget.checked)}
              />
              <Text size="xs" c="dimmed">
                {count} of {all.length}
              </Text>
            </Group>
            <Table withTableBorder withColumnBorders verticalSpacing={6} aria-label={`${group} permissions`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Module</Table.Th>
                  {PERMISSION_ACTIONS.map((action) => (
                    <Table.Th key={action} ta="center" w={72}>
                      {ACTION_HEADERS[action]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subjects.map((subject) => {
                  const available = new Set(permissionsOfSubject(subject.subject));
                  return (
                    <Table.Tr key={subject.subject}>
                      <Table.Td>{subject.label}</Table.Td>
                      {PERMISSION_ACTIONS.map((action) => {
                        const permission = `${action}_${subject.subject}`;
                        return (
                          <Table.Td key={action} ta="center">
                            {available.has(permission) && (
                              <Checkbox
                                aria-label={permissionLabel(permission)}
                                checked={held.has(permission)}
                                disabled={disabled || !toggleable(permission)}
                                onChange={(event) => set([permission], event.currentTarget.checked)}
                                styles={{ body: { justifyContent: 'center' } }}
                              />
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        );
      })}
    </Stack>
  );
}
