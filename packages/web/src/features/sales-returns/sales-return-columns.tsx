import { formatQuantity } from '@b2b/domain/money';
import { SALES_RETURN_DISPOSITION_OPTIONS, SALES_RETURN_STATUS_OPTIONS } from '@b2b/domain/sales-returns';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { creditNotePath, invoicePath, salesReturnPath } from '../../session/paths';
import type { SalesReturnSummary } from './sales-returns.api';

const nowrap = { whiteSpace: 'nowrap' } as const;

export const SALES_RETURN_COLUMNS: Column<SalesReturnSummary>[] = [
  {
    key: 'return_number',
    header: 'Return Number',
    sortField: 'return_number',
    render: (r) => (
      <Anchor component={Link} to={salesReturnPath(r.id)} fw={500} size="sm" style={nowrap}>
        {r.return_number}
      </Anchor>
    ),
  },
  { key: 'return_date', header: 'Date', sortField: 'return_date', render: (r) => formatDay(r.return_date) },
  {
    key: 'invoice',
    header: 'Invoice',
    render: (r) => (
      <Anchor component={Link} to={invoicePath(r.invoice.id)} size="sm" style={nowrap}>
        {r.invoice.invoice_number}
      </Anchor>
    ),
  },
  { key: 'buyer', header: 'Buyer', render: (r) => r.buyer.name },
  { key: 'reference', header: 'Reference', render: (r) => r.return_reference_no ?? '—' },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (r) => formatQuantity(r.total_quantity) },
  {
    key: 'adjustments',
    header: 'Adjustments',
    align: 'right',
    render: (r) => (r.adjustments === 0 ? '—' : <Money value={r.adjustments} />),
  },
  {
    key: 'disposition',
    header: 'Goods',
    render: (r) => <StatusBadge options={SALES_RETURN_DISPOSITION_OPTIONS} value={r.disposition} />,
  },
  {
    key: 'credit_note',
    header: 'Credit Note',
    render: (r) =>
      r.credit_note ? (
        <Anchor component={Link} to={creditNotePath(r.credit_note.id)} size="sm" style={nowrap}>
          {r.credit_note.credit_note_number}
        </Anchor>
      ) : (
        '—'
      ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge options={SALES_RETURN_STATUS_OPTIONS} value={r.status} />,
  },
];
