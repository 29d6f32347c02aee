import { BILL_STATUSES } from '@b2b/domain/bills';
import { StatusBadge } from '../../components/status-badge';

export const BILL_STATUS_OPTIONS = BILL_STATUSES;

/** A bill's status with the domain's label and colour. */
export function BillStatusBadge({ status }: { status: string }) {
  return <StatusBadge options={BILL_STATUSES} value={status} />;
}
