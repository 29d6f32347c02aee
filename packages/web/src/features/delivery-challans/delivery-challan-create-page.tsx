import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { deliveryChallanPath, PATHS } from '../../session/paths';
import { DeliveryChallanForm } from './delivery-challan-form';
import { DELIVERY_CHALLANS_LIST } from './delivery-challans.api';

/** /delivery-challans/new: the 'New Challan' form; once issued, the challan's page. */
export function DeliveryChallanCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DetailHeader list={DELIVERY_CHALLANS_LIST} title="New Challan" />
      {canPerform(user, 'add_delivery_challan') ? (
        <DeliveryChallanForm
          companyId={user.company.id}
          onSaved={(challan) => void navigate({ to: deliveryChallanPath(challan.id) })}
          onCancel={() => void navigate({ to: PATHS.deliveryChallans })}
        />
      ) : (
        <ReadOnlyNotice thing="delivery challans" />
      )}
    </Stack>
  );
}
