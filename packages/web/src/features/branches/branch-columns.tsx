import { formatAddress, NOT_APPLICABLE } from '@b2b/domain/money';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Anchor, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEdit, IconExternalLink, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { branchPath } from '../../session/paths';
import type { Branch } from './branches.api';

export interface BranchActions {
  onEdit: (branch: Branch) => void;
  onSetActive: (branch: Branch, active: boolean) => void;
}

/** The address a branch is known by: its first billing or office address, else its first. */
export function mainAddress(branch: Pick<Branch, 'addresses'>) {
  const addresses = branch.addresses ?? [];
  return addresses.find((a) => a.address_type !== 'shipping_address') ?? addresses[0] ?? null;
}

export function branchColumns(canChange: boolean, actions: BranchActions): Column<Branch>[] {
  const columns: Column<Branch>[] = [
    {
      key: 'name',
      header: 'Branch',
      sortField: 'name',
      render: (branch) => (
        <Anchor component={Link} to={branchPath(branch.id)} fw={500}>
          {branch.name}
        </Anchor>
      ),
    },
    { key: 'gstin', header: 'GSTIN', render: (branch) => branch.gstin ?? NOT_APPLICABLE },
    {
      key: 'contact',
      header: 'Contact Person',
      render: (branch) =>
        branch.contact_person_name || branch.contact_person_phone ? (
          <Stack gap={0}>
            <Text size="sm">{branch.contact_person_name ?? NOT_APPLICABLE}</Text>
            {branch.contact_person_phone && (
              <Text size="xs" c="dimmed">
                {branch.contact_person_phone}
              </Text>
            )}
          </Stack>
        ) : (
          NOT_APPLICABLE
        ),
    },
    {
      key: 'address',
      header: 'Address',
      render: (branch) => {
        const address = mainAddress(branch);
        if (!address) return NOT_APPLICABLE;
        return (
          <Stack gap={0} maw={280}>
            <Text size="sm" truncate="end">
              {formatAddress(address)}
            </Text>
            <Text size="xs" c="dimmed">
              {address.city}, {address.state.name} {address.pincode}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'status',
      header: 'Status',
      sortField: 'is_active',
      render: (branch) => (
        <div style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(branch.is_active).value} />
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (branch) => dayjs(branch.created_at).format('DD/MM/YYYY'),
    },
  ];
  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (branch) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${branch.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconExternalLink size={16} />} component={Link} to={branchPath(branch.id)}>
            Open
          </Menu.Item>
          {canChange && (
            <>
              <Menu.Item
                leftSection={<IconEdit size={16} />}
                disabled={!branch.is_active}
                onClick={() => actions.onEdit(branch)}
              >
                Edit
              </Menu.Item>
              {branch.is_active ? (
                <Menu.Item
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => actions.onSetActive(branch, false)}
                >
                  Deactivate
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={() => actions.onSetActive(branch, true)}
                >
                  Activate
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    ),
  });
  return columns;
}
