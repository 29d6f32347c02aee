import { WAREHOUSE_MESSAGES } from '@b2b/domain/api/warehouses';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Alert, Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { PATHS } from '../../app/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { WarehouseBuyersTab } from './warehouse-buyers-tab';
import { PrivacyBadge } from './warehouse-columns';
import { WarehouseDetailsTab } from './warehouse-details-tab';
import { WarehouseFormDialog } from './warehouse-form-dialog';
import { WarehouseInventoryTab } from './warehouse-inventory-tab';
import { WarehouseProductsTab } from './warehouse-products-tab';
import { useSetWarehouseActive, WAREHOUSE_TOASTS, type Warehouse, warehouseQuery } from './warehouses.api';

/** The warehouse id of a /warehouses/{id} address, or null when it is not one. */
function useWarehouseIdParam(): number | null {
  const { warehouseId } = useParams({ strict: false }) as { warehouseId?: string };
  const id = Number(warehouseId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function NotFound() {
  return (
    <Alert color="red" title={WAREHOUSE_MESSAGES.not_found} role="alert">
      <Stack gap="xs" align="flex-start">
        This warehouse does not exist.
        <Button component={Link} to={PATHS.warehouses} size="xs" variant="light" color="red">
          Back to Warehouses
        </Button>
      </Stack>
    </Alert>
  );
}

/** /warehouses/{id}: one warehouse with its details, product inventory, buyers and products. */
export function WarehouseDetailPage() {
  const id = useWarehouseIdParam();
  const warehouse = useQuery({ ...warehouseQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <NotFound />;
  if (warehouse.data) return <WarehouseDetail warehouse={warehouse.data} />;
  if (warehouse.error) {
    if (isApiError(warehouse.error) && warehouse.error.status === 404) return <NotFound />;
    return (
      <LoadErrorAlert
        error={warehouse.error}
        onRetry={() => warehouse.refetch()}
        title={WAREHOUSE_TOASTS.load_failed}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading warehouse">
      <Skeleton height={32} width="40%" />
      <Skeleton height={240} />
    </Stack>
  );
}

type Tab = 'details' | 'inventory' | 'buyers' | 'products';

function WarehouseDetail({ warehouse }: { warehouse: Warehouse }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_warehouse');
  const [tab, setTab] = useState<Tab>('details');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetWarehouseActive();
  const branchInactive = warehouse.branch.is_active === false;
  // The spec: an inactive branch or warehouse blocks all operations; the server refuses them too.
  const operable = canChange && warehouse.is_active && !branchInactive;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.warehouses} size="sm">
            Warehouses
          </Anchor>
          <Text size="sm" c="dimmed" truncate="end" maw={360}>
            {warehouse.name}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {warehouse.name}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Branch {warehouse.branch.name}
              </Text>
              <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(warehouse.is_active).value} />
              <PrivacyBadge isPrivate={warehouse.is_private} />
            </Group>
          </Stack>
          {canChange && (
            <Group gap="xs">
              <Button
                leftSection={<IconEdit size={16} />}
                disabled={!operable}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              {warehouse.is_active ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => setConfirmDeactivate(true)}
                >
                  Deactivate
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={setActive.isPending}
                  disabled={branchInactive}
                  onClick={() => setActive.mutate({ id: warehouse.id, active: true })}
                >
                  Activate
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Stack>
      {!canChange && <ReadOnlyNotice thing="warehouses" />}
      {canChange && !warehouse.is_active && (
        <Alert color="orange" variant="light" title={`Warehouse ${warehouse.name} is inactive.`}>
          An inactive branch or warehouse blocks all operations. Activate it to change it, assign buyers or
          products, or move stock.
        </Alert>
      )}
      {canChange && warehouse.is_active && branchInactive && (
        <Alert color="orange" variant="light" title={`Branch ${warehouse.branch.name} is inactive.`}>
          An inactive branch or warehouse blocks all operations on its warehouses.
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'details')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="inventory">Product Inventory</Tabs.Tab>
          <Tabs.Tab value="buyers">Buyers</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <WarehouseDetailsTab warehouse={warehouse} canChange={operable} />
        </Tabs.Panel>
        <Tabs.Panel value="inventory" pt="md">
          <WarehouseInventoryTab warehouseId={warehouse.id} />
        </Tabs.Panel>
        <Tabs.Panel value="buyers" pt="md">
          <WarehouseBuyersTab warehouse={warehouse} canChange={operable} />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <WarehouseProductsTab warehouse={warehouse} canChange={operable} />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <WarehouseFormDialog
          companyId={user.company.id}
          warehouse={warehouse}
          onClose={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        opened={confirmDeactivate}
        title="Deactivate Warehouse"
        message={`An inactive branch or warehouse blocks all operations: no stock moves in or out of ${warehouse.name} and nothing of it can be changed until it is activated again. Deactivate it?`}
        confirmLabel="Deactivate"
        loading={setActive.isPending}
        onClose={() => setConfirmDeactivate(false)}
        onConfirm={() =>
          setActive.mutate(
            { id: warehouse.id, active: false },
            { onSettled: () => setConfirmDeactivate(false) },
          )
        }
      />
    </Stack>
  );
}
