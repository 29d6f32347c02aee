import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { maxDecimals } from '@b2b/domain/validation';
import { Loader, NumberInput, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import {
  type CreditNote,
  type OpenInvoices,
  openInvoicesQuery,
  useApplyCreditNote,
} from './credit-notes.api';

type Amounts = Record<number, number | string>;

/** The note's balance spread over the open invoices: its own invoice first, then the oldest. */
export function proposeApplications(
  invoiceId: number,
  balance: number,
  invoices: OpenInvoices['results'],
): Amounts {
  const ordered = [...invoices].sort((a, b) => (a.id === invoiceId ? -1 : b.id === invoiceId ? 1 : 0));
  let left = toPaise(balance);
  const amounts: Amounts = {};
  for (const invoice of ordered) {
    const take = Math.min(left, toPaise(invoice.amount_due));
    amounts[invoice.id] = toRupees(take);
    left -= take;
  }
  return amounts;
}

/** Per-invoice messages and the total's: never more than an invoice's due, nor in all than the balance. */
export function applicationErrors(balance: number, invoices: OpenInvoices['results'], amounts: Amounts) {
  const errors: Record<number | 'total', string> = {} as Record<number | 'total', string>;
  let total = 0;
  for (const invoice of invoices) {
    const text = String(amounts[invoice.id] ?? '').trim();
    if (text === '' || Number(text) === 0) continue;
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0 || !maxDecimals(text, 2))
      errors[invoice.id] = CREDIT_NOTE_MESSAGES.amount;
    else if (toPaise(n) > toPaise(invoice.amount_due))
      errors[invoice.id] = `Only ${formatMoney(invoice.amount_due)} is due on this invoice.`;
    else total += toPaise(n);
  }
  if (total === 0 && Object.keys(errors).length === 0)
    errors.total = CREDIT_NOTE_MESSAGES.applications_required;
  else if (total > toPaise(balance)) errors.total = CREDIT_NOTE_MESSAGES.more_than_balance(toPaise(balance));
  return { errors, total: toRupees(total) };
}

/** 'Apply': the buyer's open invoices with their amounts due, and how much of the note goes on each. */
export function ApplyCreditNoteDialog({ note, onClose }: { note: CreditNote; onClose: () => void }) {
  const open = useQuery(openInvoicesQuery(note.id));
  const apply = useApplyCreditNote(note.id);
  const [amounts, setAmounts] = useState<Amounts | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const invoices = open.data?.results ?? [];
  const current =
    amounts ?? (open.data ? proposeApplications(note.invoice.id, open.data.balance, invoices) : {});
  const { errors, total } = applicationErrors(note.balance, invoices, current);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const applications = invoices
      .filter((invoice) => Number(current[invoice.id] ?? 0) > 0)
      .map((invoice) => ({ invoice: invoice.id, amount: Number(current[invoice.id]) }));
    apply.mutate(applications, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title="Apply Credit Note"
      submitLabel="Apply"
      pending={apply.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <Text size="sm">
        Balance to apply: <Money value={note.balance} />
      </Text>
      {open.isLoading && <Loader size="sm" aria-label="Loading open invoices" />}
      {open.data && invoices.length === 0 && (
        <Text size="sm" c="dimmed">
          {note.buyer.name} has no invoice with an amount due.
        </Text>
      )}
      {invoices.length > 0 && (
        <Table aria-label="Open invoices" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount Due</Table.Th>
              <Table.Th w={170}>Apply</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>{invoice.invoice_number}</Table.Td>
                <Table.Td>{formatDay(invoice.invoice_date)}</Table.Td>
                <Table.Td ta="right">
                  <Money value={invoice.amount_due} />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Amount to apply to ${invoice.invoice_number}`}
                    value={current[invoice.id] ?? 0}
                    onChange={(value) => setAmounts({ ...current, [invoice.id]: value })}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    error={submitted ? errors[invoice.id] : undefined}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" fw={500}>
        Total to apply: <Money value={total} />
      </Text>
      {submitted && errors.total && (
        <Text size="sm" c="red" role="alert">
          {errors.total}
        </Text>
      )}
    </FormDialog>
  );
}
