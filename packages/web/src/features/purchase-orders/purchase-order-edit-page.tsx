import { PURCHASE_ORDER_MESSAGES } from '@b2b/domain/purchase-orders';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, purchaseOrderPath } from '../../session/paths';
import { PurchaseOrderForm } from './purchase-order-form';
import { PURCHASE_ORDERS_LIST, purchaseOrderQuery } from './purchase-orders.api';

/** /purchase-orders/{id}/edit: a draft order's form; an order past draft is shown as such. */
export function PurchaseOrderEditPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const id = useIdParam(PATHS.purchaseOrderEdit);
  const order = useQuery({ ...purchaseOrderQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={order}
      list={PURCHASE_ORDERS_LIST}
      notFoundMessage={PURCHASE_ORDER_MESSAGES.not_found}
      loadFailedTitle={PURCHASE_ORDER_MESSAGES.load_failed}
      loadingLabel="Loading purchase order"
    >
      {(data) => (
        <Stack gap="lg">
          <DetailHeader list={PURCHASE_ORDERS_LIST} title={`Edit Purchase Order ${data.order_number}`} />
          {!canPerform(user, 'change_purchase_order') ? (
            <ReadOnlyNotice thing="purchase orders" />
          ) : data.status !== 'draft' ? (
            <Alert color="yellow" title={PURCHASE_ORDER_MESSAGES.edit_not_draft} />
          ) : (
            <PurchaseOrderForm
              key={data.id}
              companyId={user.company.id}
              order={data}
              onSaved={(saved) => void navigate({ to: purchaseOrderPath(saved.id) })}
              onCancel={() => void navigate({ to: purchaseOrderPath(data.id) })}
            />
          )}
        </Stack>
      )}
    </DetailLoader>
  );
}
