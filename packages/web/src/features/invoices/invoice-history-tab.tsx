import { useQuery } from '@tanstack/react-query';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { invoiceHistoryQuery } from './invoices.api';

/** Who did what to the invoice and when, newest first. */
export function InvoiceHistoryTab({ invoiceId }: { invoiceId: number }) {
  return <DocumentHistoryTable label="Invoice history" query={useQuery(invoiceHistoryQuery(invoiceId))} />;
}
