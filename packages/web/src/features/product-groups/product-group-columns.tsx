import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconDots, IconEdit, IconListDetails, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import type { ProductGroup } from './product-groups.api';

export interface ProductGroupActions {
  onEdit: (group: ProductGroup) => void;
  onAttributes: (group: ProductGroup) => void;
  onSetActive: (group: ProductGroup, active: boolean) => void;
}

export function productGroupColumns(
  canChange: boolean,
  actions: ProductGroupActions,
): Column<ProductGroup>[] {
  return [
    {
      key: 'name',
      header: 'Product Group',
      sortField: 'name',
      render: (group) => (
        <div>
          <Text fw={500}>{group.name}</Text>
          {group.description && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {group.description}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'attributes',
      header: 'Attributes',
      render: (group) =>
        group.attributes.length === 0 ? (
          <Text c="dimmed">None</Text>
        ) : (
          <Text size="sm">{group.attributes.map((a) => a.name).join(', ')}</Text>
        ),
    },
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
            <Menu.Item
              leftSection={<IconListDetails size={16} />}
              onClick={() => actions.onAttributes(group)}
            >
              Attributes
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
