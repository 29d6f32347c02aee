import { BRANCH_HELP } from '@b2b/domain/api/branches';
import { formatAddress } from '@b2b/domain/money';
import { ActionIcon, Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { lockedSwitchStyles } from '../../components/switch-field';
import { AddressText } from '../reference/address-text';
import { BranchAddressDialog } from './branch-address-dialog';
import { addressTypeLabel } from './branch-form.schema';
import {
  type Branch,
  type BranchAddress,
  useDeleteBranchAddress,
  useSetBranchAddressVisible,
} from './branches.api';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; address: BranchAddress }
  | { kind: 'delete'; address: BranchAddress }
  | null;

/** The branch's addresses: add, edit, delete, and whether buyers and sellers see each one. */
export function BranchAddressesTab({ branch, canChange }: { branch: Branch; canChange: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const setVisible = useSetBranchAddressVisible(branch.id);
  const remove = useDeleteBranchAddress(branch.id);
  const addresses = branch.addresses ?? [];
  const pending = setVisible.isPending ? setVisible.variables : undefined;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={4}>Addresses</Title>
            <Text size="sm" c="dimmed">
              {BRANCH_HELP.visible}
            </Text>
          </div>
          {canChange && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add Address
            </Button>
          )}
        </Group>
        {addresses.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            This branch has no address yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Branch addresses" verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Visible</Table.Th>
                  {canChange && <Table.Th ta="right">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {addresses.map((address) => {
                  const visible = pending?.id === address.id ? pending.visible : address.is_visible;
                  const text = formatAddress(address);
                  return (
                    <Table.Tr key={address.id}>
                      <Table.Td>
                        <Badge variant="light" color="gray" radius="sm">
                          {addressTypeLabel(address.address_type)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <AddressText address={address} />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={`Visible to others: ${text}`}
                          checked={visible}
                          disabled={!canChange || pending !== undefined}
                          styles={!canChange ? lockedSwitchStyles(visible) : undefined}
                          onChange={(event) =>
                            setVisible.mutate({ id: address.id, visible: event.currentTarget.checked })
                          }
                        />
                      </Table.Td>
                      {canChange && (
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Edit address ${text}`}
                              onClick={() => setDialog({ kind: 'edit', address })}
                            >
                              <IconEdit size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete address ${text}`}
                              onClick={() => setDialog({ kind: 'delete', address })}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <BranchAddressDialog
          branchId={branch.id}
          address={dialog.kind === 'edit' ? dialog.address : null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Address"
        message={dialog?.kind === 'delete' ? `Delete the address ${formatAddress(dialog.address)}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete')
            remove.mutate(dialog.address.id, { onSettled: () => setDialog(null) });
        }}
      />
    </Card>
  );
}
