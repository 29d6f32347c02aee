import { BULK_LIMIT, BULK_MESSAGES } from '@b2b/domain/api/bulk-documents';
import { Button, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyFailure } from '../../components/notify';
import { BulkActionBar, notifyBulkOutcome, type RowSelection } from '../../components/row-selection';
import {
  BULK_PDF_FAILED,
  downloadInvoicesPdf,
  downloadSelectedInvoicesCsv,
  EXPORT_FAILED,
  type InvoiceSummary,
  useSendInvoicesByEmail,
} from './invoices.api';

/**
 * The invoice list's bulk bar (issue 18): one PDF of the selected invoices to print, mailing each
 * to its buyer (for a user who may change invoices, after a confirmation: mail cannot be called
 * back), and the list's CSV export of the selected ones.
 */
export function InvoiceBulkActions({
  companyId,
  selection,
  maySend,
}: {
  companyId: number;
  selection: RowSelection<InvoiceSummary>;
  /** change_invoice: the permission of sending one invoice. */
  maySend: boolean;
}) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useSendInvoicesByEmail(companyId);
  const ids = selection.rows.map((row) => row.id);
  const count = ids.length;
  // The server takes at most BULK_LIMIT ids a call: say so rather than fail.
  const tooMany = count > BULK_LIMIT;

  const download = async (kind: 'pdf' | 'csv') => {
    setBusy(kind);
    try {
      if (kind === 'pdf') await downloadInvoicesPdf(companyId, ids);
      else await downloadSelectedInvoicesCsv(companyId, ids);
    } catch (error) {
      notifyFailure(kind === 'pdf' ? BULK_PDF_FAILED : EXPORT_FAILED, error);
    } finally {
      setBusy(null);
    }
  };

  const sendAll = () =>
    send.mutate(ids, {
      onSuccess: (answer) => {
        setConfirming(false);
        notifyBulkOutcome(answer.detail, answer.skipped);
        selection.clear();
      },
      onError: () => setConfirming(false),
    });

  return (
    <BulkActionBar selection={selection}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileTypePdf size={14} />}
        loading={busy === 'pdf'}
        disabled={busy !== null || tooMany}
        onClick={() => void download('pdf')}
      >
        Download PDF
      </Button>
      {maySend && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMail size={14} />}
          loading={send.isPending}
          disabled={tooMany}
          onClick={() => setConfirming(true)}
        >
          Send by e-mail
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileSpreadsheet size={14} />}
        loading={busy === 'csv'}
        disabled={busy !== null || tooMany}
        onClick={() => void download('csv')}
      >
        Export selected
      </Button>
      {tooMany && (
        <Text size="sm" c="dimmed">
          {BULK_MESSAGES.too_many}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Send by e-mail"
        message={`Send ${count === 1 ? 'the selected invoice' : `the ${count} selected invoices`} to ${count === 1 ? 'its buyer' : 'their buyers'} by e-mail? Cancelled invoices and buyers without an e-mail address are skipped.`}
        confirmLabel="Send"
        color="blue"
        loading={send.isPending}
        onConfirm={sendAll}
        onClose={() => setConfirming(false)}
      />
    </BulkActionBar>
  );
}
