import { INVOICE_FORM_MESSAGES } from '@b2b/domain/api/invoices';
import { formatMoney } from '@b2b/domain/money';
import { Button } from '@mantine/core';
import {
  IconArrowBackUp,
  IconMailForward,
  IconPencil,
  IconReceiptOff,
  IconTruck,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { notifySuccess } from '../../components/notify';
import { invoiceEditPath } from '../../session/paths';
import { GenerateEInvoiceButton } from './invoice-e-invoice';
import { WriteOffDialog } from './invoice-money-dialogs';
import {
  downloadInvoicePdf,
  type Invoice,
  useCancelInvoice,
  useCancelWriteOff,
  useReadyToShip,
  useResendNotifications,
  type WriteOffRecord,
  writeOffRecordQuery,
} from './invoices.api';

/** Ours: the spec names no PDF failure. */
export const PDF_FAILED = 'Failed to download Invoice';

/** The write-off record being undone: how much, to which ledger, by whom and when. */
export function cancelWriteOffMessage(invoice: Invoice, record: WriteOffRecord | undefined): string {
  const amount = formatMoney(record?.write_off_amount ?? invoice.write_off_amount);
  const ledger = record?.expense_ledger_name ?? invoice.expense_ledger_name ?? 'the expense ledger';
  const by = record
    ? ` by ${record.created_by ? `${record.created_by.first_name} ${record.created_by.last_name}`.trim() : 'System'} on ${dayjs(record.created_at).format('DD/MM/YYYY, hh:mm A')}`
    : '';
  return `${amount} written off to ${ledger}${by} becomes due again.`;
}

type Dialog = 'cancel' | 'write_off' | 'cancel_write_off' | null;

function ResendButton({ invoice }: { invoice: Invoice }) {
  const resend = useResendNotifications(invoice.id);
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} />}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => notifySuccess(answer?.detail ?? INVOICE_FORM_MESSAGES.notifications_sent),
        })
      }
    >
      Resend Notifications
    </Button>
  );
}

/**
 * The invoice's buttons: Download PDF always; each other one only when the server lists it in
 * allowed_actions (the domain's rule) and the user may change invoices.
 */
export function InvoiceActions({ invoice, mayChange }: { invoice: Invoice; mayChange: boolean }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const readyToShip = useReadyToShip(invoice.id);
  const cancel = useCancelInvoice(invoice.id);
  const cancelWriteOff = useCancelWriteOff(invoice.id);
  const allowed = (action: Invoice['allowed_actions'][number]) =>
    mayChange && invoice.allowed_actions.includes(action);
  const close = () => setDialog(null);
  const record = useQuery({ ...writeOffRecordQuery(invoice.id), enabled: dialog === 'cancel_write_off' });

  return (
    <>
      <DownloadPdfButton download={() => downloadInvoicePdf(invoice)} failure={PDF_FAILED} />
      {allowed('ready_to_ship') && (
        <Button
          leftSection={<IconTruck size={16} />}
          loading={readyToShip.isPending}
          onClick={() => readyToShip.mutate(undefined)}
        >
          Ready to Ship
        </Button>
      )}
      {allowed('edit') && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          onClick={() => void navigate({ to: invoiceEditPath(invoice.id) })}
        >
          Edit
        </Button>
      )}
      {allowed('e_invoice') && <GenerateEInvoiceButton invoice={invoice} />}
      {allowed('write_off') && (
        <Button
          variant="default"
          leftSection={<IconReceiptOff size={16} />}
          onClick={() => setDialog('write_off')}
        >
          Write Off Balance
        </Button>
      )}
      {allowed('cancel_write_off') && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => setDialog('cancel_write_off')}
        >
          Cancel Write-off
        </Button>
      )}
      {allowed('resend') && <ResendButton invoice={invoice} />}
      {allowed('cancel') && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => setDialog('cancel')}
        >
          Cancel Invoice
        </Button>
      )}
      {dialog === 'write_off' && <WriteOffDialog invoice={invoice} onClose={close} />}
      <ConfirmDialog
        opened={dialog === 'cancel_write_off'}
        title="Cancel Write-off"
        message={cancelWriteOffMessage(invoice, record.data)}
        confirmLabel="Cancel Write-off"
        loading={cancelWriteOff.isPending}
        onConfirm={() => cancelWriteOff.mutate(undefined, { onSettled: close })}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title="Cancel Invoice"
        message={`Cancel invoice ${invoice.invoice_number}? Its stock goes back to the warehouses, its amounts are reversed and its number stays used.`}
        confirmLabel="Cancel Invoice"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: close })}
        onClose={close}
      />
    </>
  );
}
