import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { orderPath, PATHS, quotationPath } from '../../session/paths';
import { QuotationForm } from '../quotations/quotation-form';

const LIST = { to: PATHS.orders, label: 'Sales Order' };

/** /orders/new: the order form; a placed order opens its page, a saved draft its quotation. */
export function SalesOrderCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DetailHeader list={LIST} title="New Order" />
      {canPerform(user, 'add_order') || canPerform(user, 'add_quotation') ? (
        <QuotationForm
          companyId={user.company.id}
          quotation={null}
          onSaved={(quotation) => void navigate({ to: quotationPath(quotation.id) })}
          onOrdered={(order) => void navigate({ to: orderPath(order.id) })}
          onCancel={() => void navigate({ to: PATHS.orders })}
        />
      ) : (
        <ReadOnlyNotice thing="orders" />
      )}
    </Stack>
  );
}
