import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, orderPath, PATHS, quotationPath } from '../../session/paths';
import { QuotationForm } from '../quotations/quotation-form';
import { type SalesOrder, salesOrderInvoicesQuery } from './sales-orders.api';

const LIST = { to: PATHS.orders, label: 'Sales Order' };

/**
 * /orders/new: the order form; a placed order opens its page (an instant order its invoice, what
 * it was placed for), a saved draft its quotation.
 */
export function SalesOrderCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const opened = async (order: SalesOrder) => {
    if (order.is_instant && canPerform(user, 'view_invoice')) {
      const invoices = await queryClient.fetchQuery(salesOrderInvoicesQuery(order.id)).catch(() => null);
      const invoice = invoices?.results[0];
      if (invoice) return navigate({ to: invoicePath(invoice.id) });
    }
    return navigate({ to: orderPath(order.id) });
  };
  return (
    <Stack gap="lg">
      <DetailHeader list={LIST} title="New Order" />
      {canPerform(user, 'add_order') || canPerform(user, 'add_quotation') ? (
        <QuotationForm
          companyId={user.company.id}
          quotation={null}
          onSaved={(quotation) => void navigate({ to: quotationPath(quotation.id) })}
          onOrdered={(order) => void opened(order)}
          onCancel={() => void navigate({ to: PATHS.orders })}
        />
      ) : (
        <ReadOnlyNotice thing="orders" />
      )}
    </Stack>
  );
}
