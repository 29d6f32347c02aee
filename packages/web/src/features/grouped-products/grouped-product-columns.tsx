import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import { IconDots, IconEdit, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import type { GroupedProduct } from './grouped-products.api';

export interface GroupedProductActions {
  onOpen: (bundle: GroupedProduct) => void;
  onEdit: (bundle: GroupedProduct) => void;
  onSetActive: (bundle: GroupedProduct, active: boolean) => void;
  onDelete: (bundle: GroupedProduct) => void;
}

export function groupedProductColumns(
  permissions: { canChange: boolean; canDelete: boolean },
  actions: GroupedProductActions,
): Column<GroupedProduct>[] {
  const { canChange, canDelete } = permissions;
  const columns: Column<GroupedProduct>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (bundle) => (
        <Anchor component="button" type="button" fw={500} onClick={() => actions.onOpen(bundle)}>
          {bundle.name}
        </Anchor>
      ),
    },
    { key: 'sku', header: 'SKU', sortField: 'sku', render: (bundle) => <Text size="sm">{bundle.sku}</Text> },
    { key: 'items', header: 'Products', align: 'right', render: (bundle) => bundle.item_count },
    {
      key: 'mrp',
      header: 'MRP',
      sortField: 'mrp',
      align: 'right',
      render: (bundle) => <Money value={bundle.mrp} />,
    },
    {
      key: 'selling_price',
      header: 'Selling Price',
      sortField: 'selling_price',
      align: 'right',
      render: (bundle) => <Money value={bundle.selling_price} />,
    },
    {
      key: 'status',
      header: 'Status',
      render: (bundle) => (
        <div style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(bundle.is_active).value} />
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (bundle) => dayjs(bundle.created_at).format('DD/MM/YYYY'),
    },
  ];
  if (!canChange && !canDelete) return columns;

  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (bundle) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${bundle.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canChange && (
            <>
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(bundle)}>
                Edit
              </Menu.Item>
              {bundle.is_active ? (
                <Menu.Item
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => actions.onSetActive(bundle, false)}
                >
                  Deactivate
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={() => actions.onSetActive(bundle, true)}
                >
                  Activate
                </Menu.Item>
              )}
            </>
          )}
          {canDelete && (
            <>
              {canChange && <Menu.Divider />}
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => actions.onDelete(bundle)}
              >
                Delete
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    ),
  });
  return columns;
}
