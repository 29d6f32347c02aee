import { ACCOUNT_NATURES } from '@b2b/domain/accounts';
import { ACCOUNT_MESSAGES } from '@b2b/domain/api/accounts';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { allBranchesQuery } from '../branches/branches.api';
import { AccountFormDialog } from './account-form-dialog';
import { orderAsTree } from './account-tree';
import {
  ACCOUNT_TOASTS,
  type Account,
  type AccountFilter,
  type AccountGroup,
  accountGroupsQuery,
  accountsQuery,
  useDeleteAccount,
  useSetAccountActive,
} from './accounts.api';

type Dialog =
  | { kind: 'create'; typeId?: number }
  | { kind: 'edit'; account: Account }
  | { kind: 'delete'; account: Account }
  | null;

interface Permissions {
  canAdd: boolean;
  canChange: boolean;
  canDelete: boolean;
}

/** /accounts: the chart of accounts by account group, with filters, and account changes. */
export function AccountsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const permissions: Permissions = {
    canAdd: canPerform(user, 'add_account'),
    canChange: canPerform(user, 'change_account'),
    canDelete: canPerform(user, 'delete_account'),
  };
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const [branchFilter, setBranchFilter] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<string[] | null>(null);

  const filter: AccountFilter = {
    search: search || undefined,
    account_type: typeFilter ?? undefined,
    branch: branchFilter ? Number(branchFilter) : undefined,
  };
  const filtered = filter.search !== undefined || typeFilter !== null || branchFilter !== null;
  const groups = useQuery(accountGroupsQuery(companyId));
  const accounts = useQuery(accountsQuery(companyId, filter));
  // Parent choices come from the whole chart, whatever the filters show.
  const everyAccount = useQuery(accountsQuery(companyId, {}));
  const branches = useQuery(allBranchesQuery(companyId));
  const setActive = useSetAccountActive();
  const remove = useDeleteAccount();

  const groupList = groups.data?.results ?? [];
  const byGroup = new Map<number, Account[]>();
  for (const account of accounts.data?.results ?? []) {
    const id = account.account_type.account_group.id;
    byGroup.set(id, [...(byGroup.get(id) ?? []), account]);
  }
  const shownGroups = filtered ? groupList.filter((g) => byGroup.has(g.id)) : groupList;
  const openGroups = opened ?? groupList.filter((g) => byGroup.has(g.id)).map((g) => String(g.id));

  const typeOptions = groupList.map((group) => ({
    group: group.name,
    items: group.account_types.map((t) => ({ value: String(t.id), label: t.name })),
  }));
  const branchOptions = (branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  const error = groups.error ?? accounts.error;
  let body: ReactNode;
  if (error && !(groups.data && accounts.data)) {
    body = (
      <LoadErrorAlert
        error={error}
        title={ACCOUNT_TOASTS.list_failed}
        onRetry={() => {
          void groups.refetch();
          void accounts.refetch();
        }}
      />
    );
  } else if (!groups.data || !accounts.data) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading accounts">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (shownGroups.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        No account matches the search or the filters.
      </Text>
    );
  } else {
    body = (
      <Accordion multiple value={openGroups} onChange={setOpened} variant="separated" chevronPosition="left">
        {shownGroups.map((group) => (
          <GroupSection
            key={group.id}
            group={group}
            accounts={byGroup.get(group.id) ?? []}
            permissions={permissions}
            onAdd={(typeId) => setDialog({ kind: 'create', typeId })}
            onEdit={(account) => setDialog({ kind: 'edit', account })}
            onDelete={(account) => setDialog({ kind: 'delete', account })}
            onSetActive={(account, active) => setActive.mutate({ id: account.id, active })}
          />
        ))}
      </Accordion>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Accounts</Title>
        {permissions.canAdd && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'create' })}
            style={{ visibility: dialog ? 'hidden' : undefined }}
          >
            Create Account
          </Button>
        )}
      </Group>
      {!permissions.canChange && <ReadOnlyNotice thing="accounts" />}
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Account name or code"
              leftSection={<IconSearch size={16} />}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              w={240}
            />
            <Select
              label="Account Type"
              placeholder="All types"
              data={typeOptions}
              value={typeFilter}
              onChange={setTypeFilter}
              searchable
              clearable
              w={260}
            />
            <Select
              label="Branch"
              placeholder="All branches"
              data={branchOptions}
              value={branchFilter}
              onChange={setBranchFilter}
              clearable
              w={200}
            />
          </Group>
          {body}
        </Stack>
      </Card>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <AccountFormDialog
          companyId={companyId}
          account={dialog.kind === 'edit' ? dialog.account : null}
          defaultTypeId={dialog.kind === 'create' ? dialog.typeId : undefined}
          groups={groupList}
          accounts={everyAccount.data?.results ?? []}
          branches={branches.data?.results ?? []}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Account"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.account.name}? An account that anything posts to cannot be deleted.`
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
    </Stack>
  );
}

const natureOf = (value: string) => ACCOUNT_NATURES.find((n) => n.value === value);

function GroupSection({
  group,
  accounts,
  permissions,
  onAdd,
  onEdit,
  onDelete,
  onSetActive,
}: {
  group: AccountGroup;
  accounts: Account[];
  permissions: Permissions;
  onAdd: (typeId?: number) => void;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
  onSetActive: (account: Account, active: boolean) => void;
}) {
  const nature = natureOf(group.nature);
  const { canChange, canDelete, canAdd } = permissions;
  return (
    <Accordion.Item value={String(group.id)}>
      <Accordion.Control aria-label={`${group.name} (${accounts.length})`}>
        <Group gap="sm" wrap="nowrap">
          <Text fw={600}>{group.name}</Text>
          <Badge variant="light" color={nature?.color ?? 'gray'} size="sm">
            {nature?.label ?? group.nature}
          </Badge>
          <Badge variant="outline" color="gray" size="sm">
            {accounts.length}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {accounts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No account in this group yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label={`${group.name} accounts`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Branch</Table.Th>
                    <Table.Th>Status</Table.Th>
                    {(canChange || canDelete) && <Table.Th ta="right">Actions</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orderAsTree(accounts).map(({ account, depth }) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>
                        <Stack gap={0} pl={depth * 20}>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" fw={500}>
                              {depth > 0 ? '↳ ' : ''}
                              {account.name}
                            </Text>
                            {account.is_system && (
                              <Badge size="xs" variant="light" color="gray">
                                System
                              </Badge>
                            )}
                          </Group>
                          {account.description && (
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {account.description}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>{account.code ?? 'N/A'}</Table.Td>
                      <Table.Td>{account.account_type.name}</Table.Td>
                      <Table.Td>{account.branch?.name ?? 'All branches'}</Table.Td>
                      <Table.Td>
                        <StatusBadge
                          options={ACTIVE_STATUSES}
                          value={activeStatus(account.is_active).value}
                        />
                      </Table.Td>
                      {(canChange || canDelete) && (
                        <Table.Td>
                          <AccountActions
                            account={account}
                            canChange={canChange}
                            canDelete={canDelete}
                            onEdit={onEdit}
                            onDelete={onDelete}
                            onSetActive={onSetActive}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {canAdd && group.account_types.length > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => onAdd(group.account_types[0].id)}
            >
              Add account to {group.name}
            </Button>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function AccountActions({
  account,
  canChange,
  canDelete,
  onEdit,
  onDelete,
  onSetActive,
}: {
  account: Account;
  canChange: boolean;
  canDelete: boolean;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
  onSetActive: (account: Account, active: boolean) => void;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canChange && (
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit ${account.name}`}
            onClick={() => onEdit(account)}
          >
            <IconEdit size={16} />
          </ActionIcon>
          {account.is_active ? (
            <Tooltip label={account.is_system ? ACCOUNT_MESSAGES.system_deactivate : 'Deactivate'}>
              <span>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Deactivate ${account.name}`}
                  disabled={account.is_system}
                  onClick={() => onSetActive(account, false)}
                >
                  <IconPlayerPause size={16} />
                </ActionIcon>
              </span>
            </Tooltip>
          ) : (
            <Tooltip label="Activate">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Activate ${account.name}`}
                onClick={() => onSetActive(account, true)}
              >
                <IconPlayerPlay size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </>
      )}
      {canDelete && (
        <Tooltip label={account.is_system ? ACCOUNT_MESSAGES.system_delete : 'Delete'}>
          {/* A disabled button gets no pointer events; the span carries the tooltip. */}
          <span>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${account.name}`}
              disabled={account.is_system}
              onClick={() => onDelete(account)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </span>
        </Tooltip>
      )}
    </Group>
  );
}
