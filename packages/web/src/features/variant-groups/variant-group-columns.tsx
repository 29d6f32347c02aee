import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconDots, IconEdit, IconPlayerPause, IconPlayerPlay, IconStack2 } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import type { VariantGroup } from './variant-groups.api';

export interface VariantGroupActions {
  onEdit: (group: VariantGroup) => void;
  onVariants: (group: VariantGroup) => void;
  onSetActive: (group: VariantGroup, active: boolean) => void;
}

export function variantGroupColumns(
  canChange: boolean,
  actions: VariantGroupActions,
): Column<VariantGroup>[] {
  return [
    {
      key: 'name',
      header: 'Group Name',
      sortField: 'name',
      render: (group) => <Text fw={500}>{group.name}</Text>,
    },
    {
      key: 'attribute',
      header: 'Attribute',
      render: (group) => (
        <Text size="sm">
          {group.attribute}: {group.options.join(', ')}
        </Text>
      ),
    },
    { key: 'products', header: 'Variants', render: (group) => group.products.length },
    {
      key: 'status',
      header: 'Status',
      render: (group) => (
        <div style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(group.is_active).value} />
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (group) => dayjs(group.created_at).format('DD/MM/YYYY'),
    },
    {
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
            <Menu.Item leftSection={<IconStack2 size={16} />} onClick={() => actions.onVariants(group)}>
              Variants
            </Menu.Item>
            {canChange && (
              <>
                <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(group)}>
                  Edit
                </Menu.Item>
                {group.is_active ? (
                  <Menu.Item
                    leftSection={<IconPlayerPause size={16} />}
                    onClick={() => actions.onSetActive(group, false)}
                  >
                    Deactivate
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    leftSection={<IconPlayerPlay size={16} />}
                    onClick={() => actions.onSetActive(group, true)}
                  >
                    Activate
                  </Menu.Item>
                )}
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}
