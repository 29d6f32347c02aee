import { INVOICE_MESSAGES, INVOICE_STATUSES } from '@b2b/domain/invoices';
import { PAYMENT_STATUSES } from '@b2b/domain/sales-orders';
import { Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform, isCompanyAdmin } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { EWayBillCard } from '../e-way-bills/e-way-bill-card';
import { InvoiceAppliedPayments, RecordInvoicePaymentButton } from '../payments/invoice-applied-payments';
import { PaymentLinkButton } from '../razorpay/payment-link-button';
import { ReturnsTab } from '../sales-returns/related-returns';
import { InvoiceSerialNumbersCard } from '../serial-numbers/invoice-serial-numbers-card';
import { CreateShipmentButton, InvoiceShipmentsTab } from '../shipments/related-shipments';
import { AdjustAgainstPurchaseButton, InvoiceContraAdjustments } from './adjust-against-purchase-dialog';
import { InvoiceActions } from './invoice-actions';
import { IrnMarker } from './invoice-columns';
import { InvoiceCommentsTab } from './invoice-comments-tab';
import { EInvoiceSection } from './invoice-e-invoice';
import { InvoiceHistoryTab } from './invoice-history-tab';
import { InvoiceLinesTable } from './invoice-lines-table';
import { InvoicePartiesCard } from './invoice-parties-card';
import { InvoicePaymentCard } from './invoice-payment-card';
import { InvoiceTotalsCard } from './invoice-totals-card';
import { INVOICES_LIST, type Invoice, invoiceLoadErrorTitle, invoiceQuery } from './invoices.api';

/** /invoices/{id}: the tax invoice, its actions, payment, history and comments. */
export function InvoiceDetailPage() {
  const id = useIdParam(PATHS.invoice);
  const invoice = useQuery({ ...invoiceQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={invoice}
      list={INVOICES_LIST}
      notFoundMessage={INVOICE_MESSAGES.not_found}
      loadFailedTitle={invoiceLoadErrorTitle(invoice.error, INVOICE_MESSAGES.load_failed)}
      loadingLabel="Loading invoice"
    >
      {(data) => <InvoiceDetail invoice={data} />}
    </DetailLoader>
  );
}

function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_invoice');
  return (
    <Stack gap="lg">
      <DetailHeader
        list={INVOICES_LIST}
        title={invoice.invoice_number}
        badges={
          <>
            <StatusBadge options={INVOICE_STATUSES} value={invoice.status} />
            <StatusBadge options={PAYMENT_STATUSES} value={invoice.payment_status} />
            <IrnMarker irn={invoice.e_invoice?.irn ?? null} />
          </>
        }
        actions={
          <InvoiceActions
            invoice={invoice}
            mayChange={mayChange}
            primary={
              <>
                <RecordInvoicePaymentButton invoice={invoice} />
                <PaymentLinkButton invoice={invoice} />
                <CreateShipmentButton invoice={invoice} />
                <AdjustAgainstPurchaseButton invoice={invoice} />
              </>
            }
          />
        }
      />
      <InvoicePartiesCard invoice={invoice} />
      <EInvoiceSection
        invoice={invoice}
        showSetupHint={isCompanyAdmin(user) && invoice.allowed_actions.includes('e_invoice')}
      />
      <EWayBillCard kind="invoice" documentId={invoice.id} />
      <DetailTabs
        tabs={[
          {
            value: 'items',
            label: 'Items',
            panel: (
              <Stack gap="md">
                <Card withBorder padding="md">
                  <InvoiceLinesTable invoice={invoice} />
                </Card>
                <InvoiceSerialNumbersCard invoiceId={invoice.id} />
                <InvoiceTotalsCard invoice={invoice} />
              </Stack>
            ),
          },
          {
            value: 'payment',
            label: 'Payment',
            panel: (
              <Stack gap="md">
                <InvoicePaymentCard invoice={invoice} mayChange={mayChange} />
                <InvoiceAppliedPayments invoice={invoice} />
                <InvoiceContraAdjustments invoice={invoice} />
              </Stack>
            ),
          },
          {
            value: 'shipments',
            label: 'Shipments',
            panel: <InvoiceShipmentsTab invoiceId={invoice.id} />,
          },
          { value: 'returns', label: 'Returns', panel: <ReturnsTab invoiceId={invoice.id} /> },
          { value: 'history', label: 'History', panel: <InvoiceHistoryTab invoiceId={invoice.id} /> },
          {
            value: 'comments',
            label: `Comments (${invoice.comments.length})`,
            panel: <InvoiceCommentsTab invoice={invoice} mayComment={mayChange} />,
          },
        ]}
      />
    </Stack>
  );
}
