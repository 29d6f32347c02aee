import { PURCHASE_ORDER_STATUSES } from '@b2b/domain/purchase-orders';
import { StatusBadge } from '../../components/status-badge';

/** A purchase order's status with the domain's label and colour. */
export function PurchaseOrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge options={PURCHASE_ORDER_STATUSES} value={status} />;
}
