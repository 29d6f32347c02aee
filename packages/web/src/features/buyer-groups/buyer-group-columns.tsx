import { BUYER_GROUP_TYPES, buyerGroupType } from '@b2b/domain/buyer-groups';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Anchor, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { buyerGroupPath } from '../../session/paths';
import type { BuyerGroup } from './buyer-groups.api';

export function BuyerGroupTypeBadge({ group }: { group: Pick<BuyerGroup, 'is_dynamic_group'> }) {
  return <StatusBadge options={BUYER_GROUP_TYPES} value={buyerGroupType(group.is_dynamic_group)} />;
}

export function buyerGroupColumns(
  canChange: boolean,
  onSetActive: (group: BuyerGroup, active: boolean) => void,
): Column<BuyerGroup>[] {
  const columns: Column<BuyerGroup>[] = [
    {
      key: 'name',
      header: 'Buyer Group',
      sortField: 'name',
      render: (group) => (
        <Stack gap={0}>
          <Anchor component={Link} to={buyerGroupPath(group.id)} fw={500} size="sm">
            {group.name}
          </Anchor>
          {group.description && (
            <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
              {group.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'type', header: 'Type', render: (group) => <BuyerGroupTypeBadge group={group} /> },
    { key: 'buyers', header: 'Buyers', align: 'right', render: (group) => group.buyer_count },
    {
      key: 'branches',
      header: 'Branches',
      render: (group) => (group.branches.length ? group.branches.map((b) => b.name).join(', ') : 'N/A'),
    },
    {
      key: 'status',
      header: 'Status',
      render: (group) => (
        <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(group.is_active).value} />
      ),
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (group) => dayjs(group.created_at).format('DD/MM/YYYY'),
    },
  ];
  if (!canChange) return columns;
  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (group) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${group.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {group.is_active ? (
            <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => onSetActive(group, false)}>
              Deactivate
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => onSetActive(group, true)}>
              Activate
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    ),
  });
  return columns;
}
