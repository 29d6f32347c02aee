import { Alert, Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, purchaseOrderPath } from '../../session/paths';
import { PurchaseOrderForm } from './purchase-order-form';
import { prefilledLines } from './purchase-order-form.schema';
import { PURCHASE_ORDERS_LIST } from './purchase-orders.api';

/** /purchase-orders/new: an order to a seller, saved as a draft. */
export function PurchaseOrderCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const active = (user.branches ?? []).filter((b) => b.is_active);
  const search = useSearch({ strict: false }) as { items?: unknown };
  const [prefilled] = useState(() => prefilledLines(search.items));
  return (
    <Stack gap="lg">
      <DetailHeader list={PURCHASE_ORDERS_LIST} title="New Purchase Order" />
      {prefilled.length > 0 && (
        <Alert color="blue" variant="light">
          {prefilled.length} product{prefilled.length === 1 ? '' : 's'} to reorder, with the quantities that
          bring them to 45 days of cover. Choose the seller and check each rate.
        </Alert>
      )}
      {canPerform(user, 'add_purchase_order') ? (
        <PurchaseOrderForm
          initialItems={prefilled}
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
