import { INVOICE_FORM_MESSAGES } from '@b2b/domain/api/invoices';
import { formatMoney } from '@b2b/domain/money';
import { Button } from '@mantine/core';
import {
  IconArrowBackUp,
  IconFileCertificate,
  IconMailForward,
  IconPencil,
  IconReceiptOff,
  IconTruck,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { type MoreAction, MoreActionsMenu } from '../../components/more-actions-menu';
import { notifySuccess } from '../../components/notify';
import { invoiceEditPath } from '../../session/paths';
import { useInvoiceReturnActions } from '../sales-returns/related-returns';
import { WriteOffDialog } from './invoice-money-dialogs';
import {
  downloadInvoicePdf,
  type Invoice,
  useCancelInvoice,
  useCancelWriteOff,
  useGenerateEInvoice,
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

/**
 * The invoice's header: Download PDF and Ready to Ship up front, the rest under More. Each action
 * shows only when the server lists it in allowed_actions (the domain's rule) and the user may
 * change invoices; Sales Return and Credit Note when the user may add them.
 */
export function InvoiceActions({
  invoice,
  mayChange,
  primary,
}: {
  invoice: Invoice;
  mayChange: boolean;
  /** Other areas' primary actions (Create Shipment), placed before More. */
  primary?: ReactNode;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const readyToShip = useReadyToShip(invoice.id);
  const cancel = useCancelInvoice(invoice.id);
  const cancelWriteOff = useCancelWriteOff(invoice.id);
  const resend = useResendNotifications(invoice.id);
  const generateEInvoice = useGenerateEInvoice(invoice.id);
  const returnActions = useInvoiceReturnActions(invoice);
  const allowed = (action: Invoice['allowed_actions'][number]) =>
    mayChange && invoice.allowed_actions.includes(action);
  const close = () => setDialog(null);
  const record = useQuery({ ...writeOffRecordQuery(invoice.id), enabled: dialog === 'cancel_write_off' });

  const more: MoreAction[] = [];
  if (allowed('edit'))
    more.push({
      label: 'Edit',
      icon: <IconPencil size={16} />,
      onClick: () => void navigate({ to: invoiceEditPath(invoice.id) }),
    });
  more.push(...returnActions);
  if (allowed('e_invoice'))
    more.push({
      label: 'Generate E-Invoice',
      icon: <IconFileCertificate size={16} />,
      // Without a connected e-invoice portal it cannot work; the page says why to admins.
      disabled: !invoice.e_invoicing_configured || generateEInvoice.isPending,
      onClick: () => generateEInvoice.mutate(undefined),
    });
  if (allowed('write_off'))
    more.push({
      label: 'Write Off Balance',
      icon: <IconReceiptOff size={16} />,
      onClick: () => setDialog('write_off'),
    });
  if (allowed('cancel_write_off'))
    more.push({
      label: 'Cancel Write-off',
      icon: <IconArrowBackUp size={16} />,
      onClick: () => setDialog('cancel_write_off'),
    });
  if (allowed('resend'))
    more.push({
      label: 'Resend Notifications',
      icon: <IconMailForward size={16} />,
      disabled: resend.isPending,
      onClick: () =>
        resend.mutate(undefined, {
          onSuccess: (answer) => notifySuccess(answer?.detail ?? INVOICE_FORM_MESSAGES.notifications_sent),
        }),
    });
  if (allowed('cancel'))
    more.push({
      label: 'Cancel Invoice',
      icon: <IconX size={16} />,
      danger: true,
      onClick: () => setDialog('cancel'),
    });

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
      {primary}
      <MoreActionsMenu actions={more} />
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
