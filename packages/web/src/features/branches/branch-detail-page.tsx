import { BRANCH_MESSAGES } from '@b2b/domain/api/branches';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Alert, Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { PATHS } from '../../app/paths';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { BranchAddressesTab } from './branch-addresses-tab';
import { BranchBankAccountsTab } from './branch-bank-accounts-tab';
import { BranchConfigurationsTab } from './branch-configurations-tab';
import { BranchContactsTab } from './branch-contacts-tab';
import { BranchDetailsTab } from './branch-details-tab';
import { BranchFormDialog } from './branch-form-dialog';
import { BranchTallyTab } from './branch-tally-tab';
import { type Branch, branchQuery, useSetBranchActive } from './branches.api';
import { DeactivateBranchDialog } from './deactivate-branch-dialog';

/** The branch id of a /branches/{id} address, or null when it is not one. */
function useBranchIdParam(): number | null {
  const { branchId } = useParams({ strict: false }) as { branchId?: string };
  const id = Number(branchId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function NotFound() {
  return (
    <Alert color="red" title={BRANCH_MESSAGES.not_found} role="alert">
      <Stack gap="xs" align="flex-start">
        This branch does not exist.
        <Button component={Link} to={PATHS.branches} size="xs" variant="light" color="red">
          Back to Branches
        </Button>
      </Stack>
    </Alert>
  );
}

/** /branches/{id}: one branch with its addresses, bank accounts, contacts and settings. */
export function BranchDetailPage() {
  const id = useBranchIdParam();
  const branch = useQuery({ ...branchQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <NotFound />;
  if (branch.data) return <BranchDetail branch={branch.data} />;
  if (branch.error) {
    if (isApiError(branch.error) && branch.error.status === 404) return <NotFound />;
    return (
      <LoadErrorAlert
        error={branch.error}
        onRetry={() => branch.refetch()}
        title={BRANCH_MESSAGES.load_failed}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading branch">
      <Skeleton height={32} width="40%" />
      <Skeleton height={240} />
    </Stack>
  );
}

type Tab = 'details' | 'addresses' | 'bank-accounts' | 'contacts' | 'configurations' | 'tally';

function BranchDetail({ branch }: { branch: Branch }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_branch');
  const canView = canPerform(user, 'view_branch');
  const canViewAccounts = canPerform(user, 'view_bank_account');
  const [tab, setTab] = useState<Tab>('details');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetBranchActive();
  // The spec: an inactive branch blocks all operations; the server refuses them too.
  const operable = canChange && branch.is_active;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.branches} size="sm">
            Branches
          </Anchor>
          <Text size="sm" c="dimmed" truncate="end" maw={360}>
            {branch.name}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {branch.name}
            </Title>
            <Group gap="xs">
              {branch.gstin && (
                <Text size="sm" c="dimmed">
                  GSTIN {branch.gstin}
                </Text>
              )}
              <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(branch.is_active).value} />
            </Group>
          </Stack>
          {canChange && (
            <Group gap="xs">
              <Button
                leftSection={<IconEdit size={16} />}
                disabled={!operable}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              {branch.is_active ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => setConfirmDeactivate(true)}
                >
                  Deactivate
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={setActive.isPending}
                  onClick={() => setActive.mutate({ id: branch.id, active: true })}
                >
                  Activate
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Stack>
      {!canChange && <ReadOnlyNotice thing="branches" />}
      {!branch.is_active && (
        <Alert color="orange" variant="light" title={BRANCH_MESSAGES.inactive(branch.name)}>
          An inactive branch blocks all operations: its addresses, bank accounts, settings and warehouses
          cannot be changed until it is activated again.
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'details')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="addresses">Addresses</Tabs.Tab>
          {canViewAccounts && <Tabs.Tab value="bank-accounts">Bank Accounts</Tabs.Tab>}
          {canView && <Tabs.Tab value="contacts">Notification Contacts</Tabs.Tab>}
          {canView && <Tabs.Tab value="configurations">Configurations</Tabs.Tab>}
          {canView && <Tabs.Tab value="tally">Tally</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <BranchDetailsTab branch={branch} canChange={operable} />
        </Tabs.Panel>
        <Tabs.Panel value="addresses" pt="md">
          <BranchAddressesTab branch={branch} canChange={operable} />
        </Tabs.Panel>
        {canViewAccounts && (
          <Tabs.Panel value="bank-accounts" pt="md">
            <BranchBankAccountsTab
              branch={branch}
              permissions={{
                canAdd: branch.is_active && canPerform(user, 'add_bank_account'),
                canChange: branch.is_active && canPerform(user, 'change_bank_account'),
                canDelete: branch.is_active && canPerform(user, 'delete_bank_account'),
              }}
            />
          </Tabs.Panel>
        )}
        {canView && (
          <>
            <Tabs.Panel value="contacts" pt="md">
              <BranchContactsTab branchId={branch.id} canChange={operable} />
            </Tabs.Panel>
            <Tabs.Panel value="configurations" pt="md">
              <BranchConfigurationsTab branchId={branch.id} canChange={operable} />
            </Tabs.Panel>
            <Tabs.Panel value="tally" pt="md">
              <BranchTallyTab branchId={branch.id} canChange={operable} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
      {editing && (
        <BranchFormDialog companyId={user.company.id} branch={branch} onClose={() => setEditing(false)} />
      )}
      <DeactivateBranchDialog
        branch={confirmDeactivate ? branch : null}
        onClose={() => setConfirmDeactivate(false)}
      />
    </Stack>
  );
}
