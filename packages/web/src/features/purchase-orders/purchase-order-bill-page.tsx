import { PURCHASE_ORDER_MESSAGES, purchaseOrderRefusal } from '@b2b/domain/purchase-orders';
import { Alert, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS, purchaseOrderPath } from '../../session/paths';
import { BillForm } from '../bills/bill-form';
import { billFormFromOrder } from './purchase-order-form.schema';
import { PURCHASE_ORDERS_LIST, purchaseOrderKeys, purchaseOrderQuery } from './purchase-orders.api';

/**
 * /purchase-orders/{id}/bill: Create Bill from a sent order. The bill form starts from the order
 * (seller, branch, warehouse, and what is left to bill of each line); saving it counts the lines
 * as billed on the order.
 */
export function PurchaseOrderBillPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam(PATHS.purchaseOrderBill);
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
      {(data) => {
        const refusal = purchaseOrderRefusal({ status: data.status }, 'bill');
        return (
          <Stack gap="lg">
            <DetailHeader
              list={{ to: purchaseOrderPath(data.id), label: data.order_number }}
              title={`New Bill from ${data.order_number}`}
            />
            {!canPerform(user, 'add_bill') ? (
              <ReadOnlyNotice thing="bills" />
            ) : refusal ? (
              <Alert color="yellow" title={refusal} />
            ) : (
              <BillForm
                key={data.id}
                companyId={user.company.id}
                initial={{ values: billFormFromOrder(data), orderNumber: data.order_number }}
                onSaved={(bill) => {
                  // The order's billed quantities and status moved with the bill.
                  void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
                  void navigate({ to: billPath(bill.id) });
                }}
                onCancel={() => void navigate({ to: purchaseOrderPath(data.id) })}
              />
            )}
          </Stack>
        );
      }}
    </DetailLoader>
  );
}
