import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import { IconDots, IconEdit, IconList, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import type { ProductCollection } from './product-collections.api';

export interface CollectionActions {
  onProducts: (collection: ProductCollection) => void;
  onEdit: (collection: ProductCollection) => void;
  onSetActive: (collection: ProductCollection, active: boolean) => void;
}

export function collectionColumns(
  canChange: boolean,
  actions: CollectionActions,
): Column<ProductCollection>[] {
  const columns: Column<ProductCollection>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (collection) => (
        <Anchor component="button" type="button" fw={500} onClick={() => actions.onProducts(collection)}>
          {collection.name}
        </Anchor>
      ),
    },
    {
      key: 'sales_channel',
      header: 'Sales Channel',
      render: (collection) => <Text size="sm">{collection.sales_channel_name ?? 'All'}</Text>,
    },
    {
      key: 'product_count',
      header: 'Products',
      align: 'right',
      render: (collection) => collection.product_count,
    },
    {
      key: 'status',
      header: 'Status',
      render: (collection) => (
        <div style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(collection.is_active).value} />
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (collection) => dayjs(collection.created_at).format('DD/MM/YYYY'),
    },
  ];
  if (!canChange) return columns;

  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (collection) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${collection.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(collection)}>
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconList size={16} />} onClick={() => actions.onProducts(collection)}>
            Products
          </Menu.Item>
          {collection.is_active ? (
            <Menu.Item
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => actions.onSetActive(collection, false)}
            >
              Deactivate
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => actions.onSetActive(collection, true)}
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
