import { CREDIT_NOTE_MESSAGES, CREDIT_NOTE_STATUS_OPTIONS } from '@b2b/domain/credit-notes';
import { InvoiceDocumentListPage } from '../../components/invoice-document-list-page';
import { creditNotePath, PATHS } from '../../session/paths';
import { CREDIT_NOTE_COLUMNS } from './credit-note-columns';
import {
  CREDIT_NOTE_DEFAULT_ORDERING,
  creditNoteListQuery,
  creditNoteLoadErrorTitle,
} from './credit-notes.api';

const CONFIG = {
  title: 'Credit Notes',
  singular: 'credit note',
  area: 'credit-notes' as const,
  create: { path: PATHS.creditNoteNew, permission: 'add_credit_note' },
  searchPlaceholder: 'Credit note, reference, invoice or buyer',
  dateLabel: 'Credit Note Date',
  statusOptions: CREDIT_NOTE_STATUS_OPTIONS,
  columns: CREDIT_NOTE_COLUMNS,
  defaultOrdering: CREDIT_NOTE_DEFAULT_ORDERING,
  listQuery: creditNoteListQuery,
  errorTitle: (error: unknown) => creditNoteLoadErrorTitle(error, CREDIT_NOTE_MESSAGES.list_load_failed),
  pathOf: creditNotePath,
  csvPath: (companyId: number) => `admin/companies/${companyId}/credit_notes`,
};

/** /credit-notes: credit notes issued to buyers, newest first, with status and date filters. */
export function CreditNotesPage() {
  return <InvoiceDocumentListPage config={CONFIG} />;
}
