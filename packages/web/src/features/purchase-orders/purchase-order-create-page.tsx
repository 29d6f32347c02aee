import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, purchaseOrderPath } from '../../session/paths';
import { PurchaseOrderForm } from './purchase-order-form';
import { PURCHASE_ORDERS_LIST } from './purchase-orders.api';

/** /purchase-orders/new: an order to a seller, saved as a draft. */
export function PurchaseOrderCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const active = (user.branches ?? []).filter((b) => b.is_active);
  return (
    <Stack gap="lg">
      <DetailHeader list={PURCHASE_ORDERS_LIST} title="New Purchase Order" />
      {canPerform(user, 'add_purchase_order') ? (
        <PurchaseOrderForm
          companyId={user.company.id}
          defaultBranch={active.length === 1 ? String(active[0]?.id) : null}
          onSaved={(order) => void navigate({ to: purchaseOrderPath(order.id) })}
          onCancel={() => void navigate({ to: PATHS.purchaseOrders })}
        />
      ) : (
        <ReadOnlyNotice thing="purchase orders" />
      )}
    </Stack>
  );
}
