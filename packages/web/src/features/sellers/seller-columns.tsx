import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import { IconDots, IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { sellerPath } from '../../session/paths';
import type { Seller } from './sellers.api';

export interface SellerActions {
  onEdit: (seller: Seller) => void;
  onSetActive: (seller: Seller, active: boolean) => void;
}

const orNa = (value: string | null) => value || 'N/A';

export function sellerColumns(canChange: boolean, actions: SellerActions): Column<Seller>[] {
  const columns: Column<Seller>[] = [
    {
      key: 'name',
      header: 'Seller',
      sortField: 'name',
      render: (seller) => (
        <Anchor component={Link} to={sellerPath(seller.id)} fw={500}>
          {seller.name}
        </Anchor>
      ),
    },
    {
      key: 'contact_person_name',
      header: 'Contact Person',
      sortField: 'contact_person_name',
      render: (seller) => orNa(seller.contact_person_name),
    },
    { key: 'phone', header: 'Phone', render: (seller) => orNa(seller.phone) },
    {
      key: 'gst_number',
      header: 'GST Number',
      render: (seller) => (
        <Text size="sm" ff={seller.gst_number ? 'monospace' : undefined}>
          {orNa(seller.gst_number)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (seller) => (
        <div style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(seller.is_active).value} />
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (seller) => dayjs(seller.created_at).format('DD/MM/YYYY'),
    },
  ];
  if (!canChange) return columns;
  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (seller) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${seller.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(seller)}>
            Edit
          </Menu.Item>
          {seller.is_active ? (
            <Menu.Item
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => actions.onSetActive(seller, false)}
            >
              Deactivate
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => actions.onSetActive(seller, true)}
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
