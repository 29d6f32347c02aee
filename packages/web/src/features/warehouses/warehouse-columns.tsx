import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconEdit,
  IconLock,
  IconLockOpen,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { warehousePath } from '../../session/paths';
import type { Warehouse } from './warehouses.api';

export interface WarehouseActions {
  onEdit: (warehouse: Warehouse) => void;
  onSetActive: (warehouse: Warehouse, active: boolean) => void;
  onSetPrivate: (warehouse: Warehouse, isPrivate: boolean) => void;
}

/** Private or public: whether buyers may see the warehouse's stock. */
export function PrivacyBadge({ isPrivate }: { isPrivate: boolean }) {
  return (
    <Badge color={isPrivate ? 'grape' : 'gray'} variant="light" radius="sm">
      {isPrivate ? 'Private' : 'Public'}
    </Badge>
  );
}

export function warehouseColumns(canChange: boolean, actions: WarehouseActions): Column<Warehouse>[] {
  const columns: Column<Warehouse>[] = [
    {
      key: 'name',
      header: 'Warehouse',
      sortField: 'name',
      render: (warehouse) => (
        <Stack gap={0}>
          <Anchor component={Link} to={warehousePath(warehouse.id)} fw={500}>
            {warehouse.name}
          </Anchor>
          {warehouse.tally_warehouse_name && (
            <Text size="xs" c="dimmed">
              Tally: {warehouse.tally_warehouse_name}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'branch',
      header: 'Branch',
      sortField: 'branch',
      render: (warehouse) => warehouse.branch.name,
    },
    {
      key: 'contact',
      header: 'Contact Person',
      render: (warehouse) =>
        warehouse.contact_person_name || warehouse.contact_person_phone ? (
          <Stack gap={0}>
            <Text size="sm">{warehouse.contact_person_name || 'N/A'}</Text>
            {warehouse.contact_person_phone && (
              <Text size="xs" c="dimmed">
                {warehouse.contact_person_phone}
              </Text>
            )}
          </Stack>
        ) : (
          'N/A'
        ),
    },
    { key: 'position', header: 'Position', sortField: 'position', align: 'right', render: (w) => w.position },
    {
      key: 'status',
      header: 'Status',
      render: (warehouse) => (
        <Group gap={6} wrap="nowrap" style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(warehouse.is_active).value} />
          <PrivacyBadge isPrivate={warehouse.is_private} />
        </Group>
      ),
    },
  ];
  if (!canChange) return columns;
  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (warehouse) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${warehouse.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(warehouse)}>
            Edit
          </Menu.Item>
          <Menu.Item
            leftSection={warehouse.is_private ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            onClick={() => actions.onSetPrivate(warehouse, !warehouse.is_private)}
          >
            {warehouse.is_private ? 'Make Public' : 'Make Private'}
          </Menu.Item>
          {warehouse.is_active ? (
            <Menu.Item
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => actions.onSetActive(warehouse, false)}
            >
              Deactivate
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => actions.onSetActive(warehouse, true)}
            >
              Activate
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    ),
  });
  return columns;
}
