import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { inventoryAdjustmentPath, PATHS } from '../../session/paths';
import { InventoryAdjustmentForm } from './inventory-adjustment-form';

const LIST = { to: PATHS.inventoryAdjustments, label: 'Inventory Adjustment' };

/** /inventory-adjustments/new: the 'New Adjustment' form; once made, the adjustment's page. */
export function InventoryAdjustmentCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DetailHeader list={LIST} title="New Adjustment" />
      {canPerform(user, 'add_inventory_adjustment') ? (
        <InventoryAdjustmentForm
          companyId={user.company.id}
          onSaved={(adjustment) => void navigate({ to: inventoryAdjustmentPath(adjustment.id) })}
          onCancel={() => void navigate({ to: PATHS.inventoryAdjustments })}
        />
      ) : (
        <ReadOnlyNotice thing="inventory adjustments" />
      )}
    </Stack>
  );
}
