import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Avatar, Badge, Group, Menu, Switch, Text } from '@mantine/core';
import {
  IconDots,
  IconEdit,
  IconPhotoOff,
  IconPhotoUp,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import type { Brand } from './brands.api';

export interface BrandPermissions {
  canChange: boolean;
  canDelete: boolean;
}

export interface BrandActions {
  onEdit: (brand: Brand) => void;
  onSetActive: (brand: Brand, active: boolean) => void;
  onIgnoreForBi: (brand: Brand, ignore: boolean) => void;
  /** The switch of this brand is waiting for the server; it shows the value asked for. */
  pendingIgnore: { id: number; ignore: boolean } | null;
  onUploadLogo: (brand: Brand) => void;
  onDeleteLogo: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}

/** The brand's logo, or its initial while there is none. */
export function BrandLogo({ brand, size = 36 }: { brand: Pick<Brand, 'name' | 'logo'>; size?: number }) {
  if (brand.logo) {
    return (
      <Avatar
        src={brand.logo}
        alt={`${brand.name} logo`}
        size={size}
        radius="sm"
        bd="1px solid var(--mantine-color-gray-3)"
        styles={{ image: { objectFit: 'contain' } }}
      />
    );
  }
  return (
    <Avatar size={size} radius="sm" color="indigo" aria-label={`${brand.name} has no logo`}>
      {brand.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

export function brandColumns(permissions: BrandPermissions, actions: BrandActions): Column<Brand>[] {
  const { canChange, canDelete } = permissions;
  const columns: Column<Brand>[] = [
    {
      key: 'name',
      header: 'Brand',
      sortField: 'name',
      render: (brand) => (
        <Group gap="sm" wrap="nowrap">
          <BrandLogo brand={brand} />
          <Text fw={500}>{brand.name}</Text>
        </Group>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      // A badge shortens its text to fit; on a narrow screen the table scrolls instead.
      render: (brand) => (
        <div style={{ minWidth: 'max-content' }}>
          <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(brand.is_active).value} />
        </div>
      ),
    },
    {
      key: 'ignore_for_bi',
      header: 'Ignore for Business Intelligence',
      render: (brand) => {
        if (!canChange) {
          return (
            <Badge color={brand.ignore_for_bi ? 'orange' : 'gray'} variant="light" radius="sm">
              {brand.ignore_for_bi ? 'Ignored' : 'Included'}
            </Badge>
          );
        }
        const pending = actions.pendingIgnore?.id === brand.id ? actions.pendingIgnore : null;
        return (
          <Switch
            aria-label={`Ignore ${brand.name} for Business Intelligence`}
            checked={pending ? pending.ignore : brand.ignore_for_bi}
            disabled={pending !== null}
            onChange={(event) => actions.onIgnoreForBi(brand, event.currentTarget.checked)}
          />
        );
      },
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (brand) => dayjs(brand.created_at).format('DD/MM/YYYY'),
    },
  ];
  if (!canChange && !canDelete) return columns;

  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (brand) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${brand.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canChange && (
            <>
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(brand)}>
                Edit
              </Menu.Item>
              <Menu.Item leftSection={<IconPhotoUp size={16} />} onClick={() => actions.onUploadLogo(brand)}>
                {brand.logo ? 'Change Logo' : 'Upload Logo'}
              </Menu.Item>
              {brand.logo && (
                <Menu.Item
                  leftSection={<IconPhotoOff size={16} />}
                  onClick={() => actions.onDeleteLogo(brand)}
                >
                  Delete Logo
                </Menu.Item>
              )}
              {brand.is_active ? (
                <Menu.Item
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => actions.onSetActive(brand, false)}
                >
                  Deactivate
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={() => actions.onSetActive(brand, true)}
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
                onClick={() => actions.onDelete(brand)}
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
