import { BANK_ACCOUNT_MESSAGES, BANK_ACCOUNT_TYPES } from '@b2b/domain/bank-accounts';
import { NOT_APPLICABLE } from '@b2b/domain/money';
import { statusLabel } from '@b2b/domain/statuses';
import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { BankAccountFormDialog } from './bank-account-form-dialog';
import {
  type BankAccount,
  branchBankAccountsQuery,
  useDeleteBankAccount,
  useMakeDefaultBankAccount,
} from './bank-accounts.api';
import type { Branch } from './branches.api';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; account: BankAccount }
  | { kind: 'delete'; account: BankAccount }
  | null;

export interface BankAccountPermissions {
  canAdd: boolean;
  canChange: boolean;
  canDelete: boolean;
}

/** The branch's bank accounts, newest first, with the default one marked. */
export function BranchBankAccountsTab({
  branch,
  permissions,
}: {
  branch: Branch;
  permissions: BankAccountPermissions;
}) {
  const { canAdd, canChange, canDelete } = permissions;
  const accounts = useQuery(branchBankAccountsQuery(branch.id));
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteBankAccount();
  const makeDefault = useMakeDefaultBankAccount();

  let content: ReactNode;
  if (accounts.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading bank accounts">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (accounts.isError) {
    content = (
      <LoadErrorAlert
        error={accounts.error}
        onRetry={() => accounts.refetch()}
        title={BANK_ACCOUNT_MESSAGES.load_failed}
      />
    );
  } else if (accounts.data.results.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="md">
        No bank account yet. Add the account buyers pay into; it is printed on the branch's invoices.
      </Text>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={820}>
        <Table aria-label="Bank accounts" verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bank</Table.Th>
              <Table.Th>Account Holder</Table.Th>
              <Table.Th>Account Number</Table.Th>
              <Table.Th>IFSC</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>UPI ID</Table.Th>
              <Table.Th>Default</Table.Th>
              {(canChange || canDelete) && <Table.Th ta="right">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.data.results.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {account.bank_name}
                  </Text>
                  {account.bank_branch_name && (
                    <Text size="xs" c="dimmed">
                      {account.bank_branch_name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{account.account_holder_name}</Table.Td>
                <Table.Td ff="monospace">{account.account_number}</Table.Td>
                <Table.Td ff="monospace">{account.ifsc_code}</Table.Td>
                <Table.Td>{statusLabel(BANK_ACCOUNT_TYPES, account.account_type)}</Table.Td>
                <Table.Td>{account.upi_id ?? NOT_APPLICABLE}</Table.Td>
                <Table.Td>
                  {account.is_default ? (
                    <Badge color="teal" variant="light" radius="sm">
                      Default
                    </Badge>
                  ) : canChange ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconStar size={14} />}
                      loading={makeDefault.isPending && makeDefault.variables === account.id}
                      onClick={() => makeDefault.mutate(account.id)}
                      aria-label={`Make ${account.bank_name} ${account.account_number} the default`}
                    >
                      Make Default
                    </Button>
                  ) : null}
                </Table.Td>
                {(canChange || canDelete) && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {canChange && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit ${account.bank_name} ${account.account_number}`}
                          onClick={() => setDialog({ kind: 'edit', account })}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                      )}
                      {canDelete && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${account.bank_name} ${account.account_number}`}
                          onClick={() => setDialog({ kind: 'delete', account })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={4}>Bank Accounts</Title>
            <Text size="sm" c="dimmed">
              The default account is printed on the invoices of {branch.name}.
            </Text>
          </div>
          {canAdd && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add Bank Account
            </Button>
          )}
        </Group>
        {content}
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <BankAccountFormDialog
          branchId={branch.id}
          account={dialog.kind === 'edit' ? dialog.account : null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Bank Account"
        message={
          dialog?.kind === 'delete'
            ? `Delete the ${dialog.account.bank_name} account ${dialog.account.account_number}? Invoices already printed with it keep it.`
            : ''
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete')
            remove.mutate(dialog.account.id, { onSettled: () => setDialog(null) });
        }}
      />
    </Card>
  );
}
