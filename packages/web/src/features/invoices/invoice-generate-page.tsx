import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { ORDER_MESSAGES } from '@b2b/domain/sales-orders';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '../../api/api-error';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, orderPath, PATHS } from '../../session/paths';
import { InvoiceSetupWarning } from '../onboarding/invoice-setup-warning';
import { initialQuantities } from './invoice-quantities.schema';
import { InvoiceQuantitiesForm } from './invoice-quantities-form';
import { initiateInvoiceQuery, useGenerateInvoice } from './invoices.api';

const ORDERS = { to: PATHS.orders, label: 'Sales Order' };

/** /orders/{id}/invoice: 'Generate Invoice' for some or all of what the order has left to invoice. */
export function InvoiceGeneratePage() {
  const orderId = useIdParam(PATHS.orderInvoice);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const mayCreate = canPerform(user, 'add_invoice');
  const initiate = useQuery({
    ...initiateInvoiceQuery(orderId ?? 0),
    enabled: orderId !== null && mayCreate,
  });
  const generate = useGenerateInvoice(orderId ?? 0);

  if (!mayCreate) {
    return (
      <Stack gap="lg">
        <DetailHeader list={ORDERS} title="Generate Invoice" />
        <Alert color="yellow" title={INVOICE_MESSAGES.forbidden_create} />
      </Stack>
    );
  }
  const forbidden = isApiError(initiate.error) && initiate.error.status === 403;
  return (
    <DetailLoader
      id={orderId}
      query={initiate}
      list={ORDERS}
      notFoundMessage={ORDER_MESSAGES.not_found}
      loadFailedTitle={forbidden ? INVOICE_MESSAGES.forbidden_create : INVOICE_MESSAGES.create_failed}
      loadingLabel="Loading the order's items"
    >
      {(data) => {
        const back = () => void navigate({ to: orderPath(data.order.id) });
        return (
          <Stack gap="lg">
            <DetailHeader
              list={{ to: orderPath(data.order.id), label: `Order ${data.order.order_number}` }}
              title="Generate Invoice"
            />
            <InvoiceSetupWarning orderId={data.order.id} />
            <InvoiceQuantitiesForm
              initiate={data}
              defaultValues={initialQuantities(data)}
              submitLabel="Generate Invoice"
              previewOrderId={data.order.id}
              pending={generate.isPending}
              onCancel={back}
              onSubmit={async (body) => {
                const invoice = await generate.mutateAsync(body);
                await navigate({ to: invoicePath(invoice.id) });
              }}
            />
          </Stack>
        );
      }}
    </DetailLoader>
  );
}
