import { WAREHOUSE_MESSAGES } from '@b2b/domain/api/warehouses';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  ActiveToggleButton,
  DetailHeader,
  DetailLoader,
  DetailTabs,
  useIdParam,
} from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { WarehouseBuyersTab } from './warehouse-buyers-tab';
import { PrivacyBadge } from './warehouse-columns';
import { WarehouseDetailsTab } from './warehouse-details-tab';
import { WarehouseFormDialog } from './warehouse-form-dialog';
import { WarehouseInventoryTab } from './warehouse-inventory-tab';
import { WarehouseProductsTab } from './warehouse-products-tab';
import { useSetWarehouseActive, WAREHOUSE_TOASTS, type Warehouse, warehouseQuery } from './warehouses.api';

const WAREHOUSES = { to: PATHS.warehouses, label: 'Warehouses' };

/** /warehouses/{id}: one warehouse with its details, product inventory, buyers and products. */
export function WarehouseDetailPage() {
  const id = useIdParam(PATHS.warehouse);
  const warehouse = useQuery({ ...warehouseQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={warehouse}
      list={WAREHOUSES}
      notFoundMessage={WAREHOUSE_MESSAGES.not_found}
      loadFailedTitle={WAREHOUSE_TOASTS.load_failed}
      loadingLabel="Loading warehouse"
    >
      {(data) => <WarehouseDetail warehouse={data} />}
    </DetailLoader>
  );
}

function WarehouseDetail({ warehouse }: { warehouse: Warehouse }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_warehouse');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetWarehouseActive();
  const branchInactive = warehouse.branch.is_active === false;
  // The spec: an inactive branch or warehouse blocks all operations; the server refuses them too.
  const operable = canChange && warehouse.is_active && !branchInactive;

  return (
    <Stack gap="lg">
      <DetailHeader
        list={WAREHOUSES}
        title={warehouse.name}
        badges={
          <>
            <Text size="sm" c="dimmed">
              Branch {warehouse.branch.name}
            </Text>
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(warehouse.is_active).value} />
            <PrivacyBadge isPrivate={warehouse.is_private} />
          </>
        }
        actions={
          canChange && (
            <>
              <Button
                leftSection={<IconEdit size={16} />}
                disabled={!operable}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <ActiveToggleButton
                isActive={warehouse.is_active}
                loading={setActive.isPending}
                disabled={!warehouse.is_active && branchInactive}
                onActivate={() => setActive.mutate({ id: warehouse.id, active: true })}
                onDeactivate={() => setConfirmDeactivate(true)}
              />
            </>
          )
        }
      />
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
      <DetailTabs
        tabs={[
          {
            value: 'details',
            label: 'Details',
            panel: <WarehouseDetailsTab warehouse={warehouse} canChange={operable} />,
          },
          {
            value: 'inventory',
            label: 'Product Inventory',
            panel: <WarehouseInventoryTab warehouseId={warehouse.id} />,
          },
          {
            value: 'buyers',
            label: 'Buyers',
            panel: <WarehouseBuyersTab warehouse={warehouse} canChange={operable} />,
          },
          {
            value: 'products',
            label: 'Products',
            panel: <WarehouseProductsTab warehouse={warehouse} canChange={operable} />,
          },
        ]}
      />
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
