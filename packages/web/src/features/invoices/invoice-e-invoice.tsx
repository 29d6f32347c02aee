import { INVOICE_FORM_MESSAGES } from '@b2b/domain/api/invoices';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { Alert, Button, Card, Title, Tooltip } from '@mantine/core';
import { IconFileCertificate, IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { type Invoice, useGenerateEInvoice } from './invoices.api';

/** 'Generate E-Invoice'; without an IRP configured on the server it is disabled and says why. */
export function GenerateEInvoiceButton({ invoice }: { invoice: Invoice }) {
  const generate = useGenerateEInvoice(invoice.id);
  if (!invoice.e_invoicing_configured) {
    return (
      <Tooltip label={INVOICE_MESSAGES.e_invoice_not_configured} withinPortal>
        {/* A disabled button takes no pointer events: the wrapper carries the tooltip. */}
        <span>
          <Button variant="default" leftSection={<IconFileCertificate size={16} />} disabled>
            Generate E-Invoice
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconFileCertificate size={16} />}
      loading={generate.isPending}
      onClick={() => generate.mutate(undefined)}
    >
      Generate E-Invoice
    </Button>
  );
}

/** The registered e-invoice (IRN, acknowledgement number and date), or why none can be made here. */
export function EInvoiceSection({ invoice, canGenerate }: { invoice: Invoice; canGenerate: boolean }) {
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
  if (canGenerate && !invoice.e_invoicing_configured) {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} />} aria-label="E-invoice">
        {INVOICE_FORM_MESSAGES.e_invoice_not_configured}
      </Alert>
    );
  }
  return null;
}
