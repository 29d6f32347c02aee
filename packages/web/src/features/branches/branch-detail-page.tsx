import { BRANCH_MESSAGES } from '@b2b/domain/api/branches';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ActiveToggleButton,
  DetailHeader,
  DetailLoader,
  DetailTabs,
  useIdParam,
} from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { BranchAddressesTab } from './branch-addresses-tab';
import { BranchBankAccountsTab } from './branch-bank-accounts-tab';
import { BranchConfigurationsTab } from './branch-configurations-tab';
import { BranchContactsTab } from './branch-contacts-tab';
import { BranchDetailsTab } from './branch-details-tab';
import { BranchFormDialog } from './branch-form-dialog';
import { BranchTallyTab } from './branch-tally-tab';
import { type Branch, branchQuery, useSetBranchActive } from './branches.api';
import { DeactivateBranchDialog } from './deactivate-branch-dialog';

const BRANCHES = { to: PATHS.branches, label: 'Branches' };

/** /branches/{id}: one branch with its addresses, bank accounts, contacts and settings. */
export function BranchDetailPage() {
  const id = useIdParam(PATHS.branch);
  const branch = useQuery({ ...branchQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={branch}
      list={BRANCHES}
      notFoundMessage={BRANCH_MESSAGES.not_found}
      loadFailedTitle={BRANCH_MESSAGES.load_failed}
      loadingLabel="Loading branch"
    >
      {(data) => <BranchDetail branch={data} />}
    </DetailLoader>
  );
}

function BranchDetail({ branch }: { branch: Branch }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_branch');
  const canView = canPerform(user, 'view_branch');
  const canViewAccounts = canPerform(user, 'view_bank_account');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetBranchActive();
  // The spec: an inactive branch blocks all operations; the server refuses them too.
  const operable = canChange && branch.is_active;

  return (
    <Stack gap="lg">
      <DetailHeader
        list={BRANCHES}
        title={branch.name}
        badges={
          <>
            {branch.gstin && (
              <Text size="sm" c="dimmed">
                GSTIN {branch.gstin}
              </Text>
            )}
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(branch.is_active).value} />
          </>
        }
        actions={
          canChange && (
            <>
              <Button
                leftSection={<IconEdit size={16} />}
                disabled={!operable}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <ActiveToggleButton
                isActive={branch.is_active}
                loading={setActive.isPending}
                onActivate={() => setActive.mutate({ id: branch.id, active: true })}
                onDeactivate={() => setConfirmDeactivate(true)}
              />
            </>
          )
        }
      />
      {!canChange && <ReadOnlyNotice thing="branches" />}
      {!branch.is_active && (
        <Alert color="orange" variant="light" title={BRANCH_MESSAGES.inactive(branch.name)}>
          An inactive branch blocks all operations: its addresses, bank accounts, settings and warehouses
          cannot be changed until it is activated again.
        </Alert>
      )}
      <DetailTabs
        tabs={[
          {
            value: 'details',
            label: 'Details',
            panel: <BranchDetailsTab branch={branch} canChange={operable} />,
          },
          {
            value: 'addresses',
            label: 'Addresses',
            panel: <BranchAddressesTab branch={branch} canChange={operable} />,
          },
          {
            value: 'bank-accounts',
            label: 'Bank Accounts',
            hidden: !canViewAccounts,
            panel: (
              <BranchBankAccountsTab
                branch={branch}
                permissions={{
                  canAdd: branch.is_active && canPerform(user, 'add_bank_account'),
                  canChange: branch.is_active && canPerform(user, 'change_bank_account'),
                  canDelete: branch.is_active && canPerform(user, 'delete_bank_account'),
                }}
              />
            ),
          },
          {
            value: 'contacts',
            label: 'Notification Contacts',
            hidden: !canView,
            panel: <BranchContactsTab branchId={branch.id} canChange={operable} />,
          },
          {
            value: 'configurations',
            label: 'Configurations',
            hidden: !canView,
            panel: <BranchConfigurationsTab branchId={branch.id} canChange={operable} />,
          },
          {
            value: 'tally',
            label: 'Tally',
            hidden: !canView,
            panel: <BranchTallyTab branchId={branch.id} canChange={operable} />,
          },
        ]}
      />
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
