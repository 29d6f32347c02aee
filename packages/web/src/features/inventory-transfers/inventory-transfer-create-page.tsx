import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { inventoryTransferPath, PATHS } from '../../session/paths';
import { InventoryTransferForm } from './inventory-transfer-form';

const LIST = { to: PATHS.inventoryTransfers, label: 'Inventory Transfer' };

/** /inventory-transfers/new: the 'New Transfer' form; once made (a draft), the transfer's page. */
export function InventoryTransferCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DetailHeader list={LIST} title="New Transfer" />
      {canPerform(user, 'add_inventory_transfer') ? (
        <InventoryTransferForm
          companyId={user.company.id}
          onSaved={(transfer) => void navigate({ to: inventoryTransferPath(transfer.id) })}
          onCancel={() => void navigate({ to: PATHS.inventoryTransfers })}
        />
      ) : (
        <ReadOnlyNotice thing="inventory transfers" />
      )}
    </Stack>
  );
}
