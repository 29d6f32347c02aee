import { DocumentComments } from '../../components/document-comments';
import { type Invoice, useAddInvoiceComment } from './invoices.api';

/** The invoice's comments, newest first, and a box to add one. */
export function InvoiceCommentsTab({ invoice, mayComment }: { invoice: Invoice; mayComment: boolean }) {
  const add = useAddInvoiceComment(invoice.id);
  return (
    <DocumentComments
      comments={invoice.comments}
      mayComment={mayComment}
      onAdd={(comment) => add.mutateAsync(comment)}
      adding={add.isPending}
    />
  );
}
