import { INVOICE_FORM_MESSAGES } from '@b2b/domain/api/invoices';
import { Alert, Card, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DetailField, DetailGrid } from '../../components/detail-field';
import type { Invoice } from './invoices.api';

/**
 * The registered e-invoice (IRN, acknowledgement number and date); to an admin of an invoice that
 * needs one, why none can be made here while the portal is not connected.
 */
export function EInvoiceSection({ invoice, showSetupHint }: { invoice: Invoice; showSetupHint: boolean }) {
  const e = invoice.e_invoice;
  if (e) {
    return (
      <Card withBorder padding="md">
        <Title order={5} mb="sm">
          E-Invoice
        </Title>
        <DetailGrid>
          <DetailField label="IRN">{e.irn}</DetailField>
          <DetailField label="Ack No">{e.ack_number}</DetailField>
          <DetailField label="Ack Date">{dayjs(e.ack_date).format('DD/MM/YYYY, hh:mm A')}</DetailField>
          {e.irn_cancelled_at && (
            <DetailField label="IRN Cancelled">
              {dayjs(e.irn_cancelled_at).format('DD/MM/YYYY, hh:mm A')}
            </DetailField>
          )}
        </DetailGrid>
      </Card>
    );
  }
  if (showSetupHint && !invoice.e_invoicing_configured) {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} />} aria-label="E-invoice">
        {INVOICE_FORM_MESSAGES.e_invoice_not_configured}
      </Alert>
    );
  }
  return null;
}
