import { ActionIcon, Button, Card, Group, MultiSelect, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCurrentUser } from '../../session/current-user';
import { allBranchesQuery } from '../branches/branches.api';
import { type BuyerGroup, useAssignGroupBranches, useUnassignGroupBranches } from './buyer-groups.api';

/** The branches the group is assigned to: assign more (active ones), unassign any. */
export function BuyerGroupBranchesTab({ group, canChange }: { group: BuyerGroup; canChange: boolean }) {
  const companyId = useCurrentUser().company.id;
  const branches = useQuery({ ...allBranchesQuery(companyId), enabled: canChange });
  const assign = useAssignGroupBranches(group.id);
  const unassign = useUnassignGroupBranches(group.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const assigned = new Set(group.branches.map((b) => b.id));
  const options = (branches.data?.results ?? [])
    .filter((branch) => branch.is_active && !assigned.has(branch.id))
    .map((branch) => ({ value: String(branch.id), label: branch.name }));

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        {canChange && (
          <Group align="flex-end" wrap="wrap">
            <MultiSelect
              label="Assign Branches"
              placeholder={options.length ? 'Choose branches' : 'No other active branch'}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              clearable
              w={360}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={chosen.length === 0}
              loading={assign.isPending}
              onClick={() => assign.mutate(chosen.map(Number), { onSuccess: () => setChosen([]) })}
            >
              Assign
            </Button>
          </Group>
        )}
        {group.branches.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No branch is assigned to this group yet.
          </Text>
        ) : (
          <Table aria-label="Assigned branches" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Branch</Table.Th>
                {canChange && <Table.Th ta="right">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.branches.map((branch) => (
                <Table.Tr key={branch.id}>
                  <Table.Td>{branch.name}</Table.Td>
                  {canChange && (
                    <Table.Td ta="right">
                      <Tooltip label="Unassign">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Unassign ${branch.name}`}
                          onClick={() => setRemoving(branch)}
                        >
                          <IconX size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Unassign Branch"
        message={removing ? `Unassign ${removing.name} from ${group.name}?` : ''}
        confirmLabel="Unassign"
        loading={unassign.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) unassign.mutate([removing.id], { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}
