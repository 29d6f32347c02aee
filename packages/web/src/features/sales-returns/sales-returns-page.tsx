import { SALES_RETURN_MESSAGES, SALES_RETURN_STATUS_OPTIONS } from '@b2b/domain/sales-returns';
import { InvoiceDocumentListPage } from '../../components/invoice-document-list-page';
import { salesReturnPath } from '../../session/paths';
import { SALES_RETURN_COLUMNS } from './sales-return-columns';
import {
  SALES_RETURN_DEFAULT_ORDERING,
  salesReturnListQuery,
  salesReturnLoadErrorTitle,
} from './sales-returns.api';

const CONFIG = {
  title: 'Sales Returns',
  singular: 'sales return',
  // A sales return is taken from its invoice's page; the list has no create page of its own.
  area: 'sales-returns' as const,
  searchPlaceholder: 'Return, reference, invoice or buyer',
  dateLabel: 'Return Date',
  statusOptions: SALES_RETURN_STATUS_OPTIONS,
  columns: SALES_RETURN_COLUMNS,
  defaultOrdering: SALES_RETURN_DEFAULT_ORDERING,
  listQuery: salesReturnListQuery,
  errorTitle: (error: unknown) => salesReturnLoadErrorTitle(error, SALES_RETURN_MESSAGES.list_load_failed),
  pathOf: salesReturnPath,
  csvPath: (companyId: number) => `admin/companies/${companyId}/sales_returns`,
};

/** /sales-returns: goods taken back against invoices, newest first, with status and date filters. */
export function SalesReturnsPage() {
  return <InvoiceDocumentListPage config={CONFIG} />;
}
