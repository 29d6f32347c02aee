import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund, IconTruckReturn } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Paged } from '../../api/types';
import { DataTable } from '../../components/data-table';
import type { MoreAction } from '../../components/more-actions-menu';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  creditNotePath,
  invoiceCreditNotePath,
  invoiceSalesReturnPath,
  salesReturnPath,
} from '../../session/paths';
import { CREDIT_NOTE_COLUMNS } from '../credit-notes/credit-note-columns';
import {
  type CreditNoteSummary,
  creditNoteListQuery,
  creditNoteLoadErrorTitle,
  orderCreditNotesQuery,
} from '../credit-notes/credit-notes.api';
import { SALES_RETURN_COLUMNS } from './sales-return-columns';
import {
  orderSalesReturnsQuery,
  type SalesReturnSummary,
  salesReturnListQuery,
  salesReturnLoadErrorTitle,
} from './sales-returns.api';

/** 'Sales Return' and 'Credit Note' of an invoice that is not cancelled, for users who may add them. */
export function useInvoiceReturnActions(invoice: { id: number; status: string }): MoreAction[] {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (invoice.status === 'cancelled') return [];
  const actions: MoreAction[] = [];
  if (canPerform(user, 'add_sales_return')) {
    actions.push({
      label: 'Sales Return',
      icon: <IconTruckReturn size={16} />,
      onClick: () => void navigate({ to: invoiceSalesReturnPath(invoice.id) }),
    });
  }
  if (canPerform(user, 'add_credit_note')) {
    actions.push({
      label: 'Credit Note',
      icon: <IconReceiptRefund size={16} />,
      onClick: () => void navigate({ to: invoiceCreditNotePath(invoice.id) }),
    });
  }
  return actions;
}

/** The Returns tab of an order: its sales returns and credit notes (GET admin/orders/{id}/...). */
export function ReturnsTab({ orderId, invoiceId }: { orderId?: number; invoiceId?: number }) {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const mayViewReturns = canPerform(user, 'view_sales_return');
  const mayViewNotes = canPerform(user, 'view_credit_note');
  // An invoice's: the company's lists filtered by it (credit notes not cancelled, as the spec asks).
  const ofOrder = orderId !== undefined;
  const orderReturns = useQuery({
    ...orderSalesReturnsQuery(orderId ?? 0),
    enabled: mayViewReturns && ofOrder,
  });
  const orderNotes = useQuery({ ...orderCreditNotesQuery(orderId ?? 0), enabled: mayViewNotes && ofOrder });
  const invoiceReturns = useQuery({
    ...salesReturnListQuery(companyId, { invoice: invoiceId, limit: 1000 }),
    enabled: mayViewReturns && !ofOrder,
  });
  const invoiceNotes = useQuery({
    ...creditNoteListQuery(companyId, { invoice: invoiceId, is_cancelled: 'false', limit: 1000 }),
    enabled: mayViewNotes && !ofOrder,
  });
  return (
    <ReturnsTables
      returns={ofOrder ? orderReturns : invoiceReturns}
      notes={ofOrder ? orderNotes : invoiceNotes}
      mayViewReturns={mayViewReturns}
      mayViewNotes={mayViewNotes}
    />
  );
}

function ReturnsTables({
  returns,
  notes,
  mayViewReturns,
  mayViewNotes,
}: {
  returns: UseQueryResult<Paged<SalesReturnSummary>>;
  notes: UseQueryResult<Paged<CreditNoteSummary>>;
  mayViewReturns: boolean;
  mayViewNotes: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={5}>Sales Returns</Title>
        {mayViewReturns ? (
          <DataTable
            label="Sales Returns"
            columns={SALES_RETURN_COLUMNS}
            rowKey={(r) => r.id}
            data={returns.data}
            isLoading={returns.isLoading}
            error={returns.error}
            errorTitle={salesReturnLoadErrorTitle(returns.error, SALES_RETURN_MESSAGES.list_load_failed)}
            onRetry={() => returns.refetch()}
            onRowClick={(r) => void navigate({ to: salesReturnPath(r.id) })}
            minWidth={1000}
            empty={
              <Text c="dimmed" ta="center" py="md">
                No goods have been returned.
              </Text>
            }
          />
        ) : (
          <Text size="sm" c="dimmed">
            {SALES_RETURN_MESSAGES.forbidden_view}
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={5}>Credit Notes</Title>
        {mayViewNotes ? (
          <DataTable
            label="Credit Notes"
            columns={CREDIT_NOTE_COLUMNS}
            rowKey={(n) => n.id}
            data={notes.data}
            isLoading={notes.isLoading}
            error={notes.error}
            errorTitle={creditNoteLoadErrorTitle(notes.error, CREDIT_NOTE_MESSAGES.list_load_failed)}
            onRetry={() => notes.refetch()}
            onRowClick={(n) => void navigate({ to: creditNotePath(n.id) })}
            minWidth={1000}
            empty={
              <Text c="dimmed" ta="center" py="md">
                No credit note has been issued.
              </Text>
            }
          />
        ) : (
          <Text size="sm" c="dimmed">
            {CREDIT_NOTE_MESSAGES.forbidden_view}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
