import { CREDIT_NOTE_STATUS_OPTIONS } from '@b2b/domain/credit-notes';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { creditNotePath, invoicePath, salesReturnPath } from '../../session/paths';
import type { CreditNoteSummary } from './credit-notes.api';

const nowrap = { whiteSpace: 'nowrap' } as const;

export const CREDIT_NOTE_COLUMNS: Column<CreditNoteSummary>[] = [
  {
    key: 'credit_note_number',
    header: 'Credit Note Number',
    sortField: 'credit_note_number',
    render: (n) => (
      <Anchor component={Link} to={creditNotePath(n.id)} fw={500} size="sm" style={nowrap}>
        {n.credit_note_number}
      </Anchor>
    ),
  },
  {
    key: 'credit_note_date',
    header: 'Date',
    sortField: 'credit_note_date',
    render: (n) => formatDay(n.credit_note_date),
  },
  {
    key: 'invoice',
    header: 'Invoice',
    render: (n) => (
      <Anchor component={Link} to={invoicePath(n.invoice.id)} size="sm" style={nowrap}>
        {n.invoice.invoice_number}
      </Anchor>
    ),
  },
  {
    key: 'sales_return',
    header: 'Sales Return',
    render: (n) =>
      n.sales_return ? (
        <Anchor component={Link} to={salesReturnPath(n.sales_return.id)} size="sm" style={nowrap}>
          {n.sales_return.return_number}
        </Anchor>
      ) : (
        '—'
      ),
  },
  { key: 'buyer', header: 'Buyer', render: (n) => n.buyer.name },
  {
    key: 'total',
    header: 'Total',
    sortField: 'total',
    align: 'right',
    render: (n) => <Money value={n.total} />,
  },
  { key: 'balance', header: 'Balance', align: 'right', render: (n) => <Money value={n.balance} /> },
  {
    key: 'status',
    header: 'Status',
    render: (n) => <StatusBadge options={CREDIT_NOTE_STATUS_OPTIONS} value={n.status} />,
  },
];
