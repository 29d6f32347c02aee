import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, PATHS } from '../../session/paths';
import { initialQuantities } from './invoice-quantities.schema';
import { InvoiceQuantitiesForm } from './invoice-quantities-form';
import {
  INVOICES_LIST,
  type InitiateEditInvoice,
  type Invoice,
  initiateEditInvoiceQuery,
  invoiceLoadErrorTitle,
  invoiceQuery,
  useEditInvoice,
} from './invoices.api';

function EditForm({ invoice, initiate }: { invoice: Invoice; initiate: InitiateEditInvoice }) {
  const navigate = useNavigate();
  const edit = useEditInvoice(invoice.id);
  const back = () => void navigate({ to: invoicePath(invoice.id) });
  // The form starts from what the invoice holds now; its invoiceable quantity already counts it.
  const values = initialQuantities(
    initiate,
    (orderItem) => initiate.items.find((item) => item.order_item === orderItem)?.invoice_quantity,
  );
  return (
    <InvoiceQuantitiesForm
      initiate={initiate}
      defaultValues={{
        ...values,
        invoice_date: invoice.invoice_date,
        due_date: invoice.due_date ?? values.due_date,
        reference: invoice.reference_number ?? '',
        notes: invoice.notes ?? '',
      }}
      submitLabel="Save Invoice"
      invoiceId={invoice.id}
      pending={edit.isPending}
      onCancel={back}
      onSubmit={async (body) => {
        await edit.mutateAsync(body);
        back();
      }}
    />
  );
}

/** /invoices/{id}/edit: new quantities for the invoice's items (initiate_edit_invoice, then edit_invoice). */
export function InvoiceEditPage() {
  const id = useIdParam(PATHS.invoiceEdit);
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_invoice');
  const invoice = useQuery({ ...invoiceQuery(id ?? 0), enabled: id !== null });
  const initiate = useQuery({ ...initiateEditInvoiceQuery(id ?? 0), enabled: id !== null && mayChange });
  if (!mayChange) {
    return (
      <Stack gap="lg">
        <DetailHeader list={INVOICES_LIST} title="Edit Invoice" />
        <Alert color="yellow" title={INVOICE_MESSAGES.forbidden_update} />
      </Stack>
    );
  }
  return (
    <DetailLoader
      id={id}
      query={invoice}
      list={INVOICES_LIST}
      notFoundMessage={INVOICE_MESSAGES.not_found}
      loadFailedTitle={invoiceLoadErrorTitle(invoice.error, INVOICE_MESSAGES.load_failed)}
      loadingLabel="Loading invoice"
    >
      {(data) => (
        <Stack gap="lg">
          <DetailHeader
            list={{ to: invoicePath(data.id), label: data.invoice_number }}
            title={`Edit Invoice ${data.invoice_number}`}
          />
          <DetailLoader
            id={id}
            query={initiate}
            list={{ to: invoicePath(data.id), label: data.invoice_number }}
            notFoundMessage={INVOICE_MESSAGES.not_found}
            loadFailedTitle={INVOICE_MESSAGES.edit_failed}
            loadingLabel="Loading the invoice's items"
          >
            {(proposal) => <EditForm invoice={data} initiate={proposal} />}
          </DetailLoader>
        </Stack>
      )}
    </DetailLoader>
  );
}
