import {
  type AdjustAgainstPurchaseDraft,
  adjustAgainstPurchaseInput,
  CONTRA_MESSAGES,
  type ContraAdjustmentOutput,
  type ContraBillsOutput,
  type InvoiceContraOutput,
  moreThanBillMessage,
  moreThanInvoiceMessage,
} from '@b2b/domain/contra';
import { formatMoney, toPaise } from '@b2b/domain/money';
import { Alert, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { api, request } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import type { Invoice } from './invoices.api';

/**
 * 'Adjust Against Purchase' (issue 19, POST admin/invoices/{id}/adjust_against_purchase): when the
 * invoice's buyer is also one of our sellers (same GSTIN; unregistered: same PAN or phone), what
 * they owe us on this invoice is set off against what we owe them on their open bills. Shown to
 * users who may change invoices and record payments made, when that party has open bills.
 */

export const contraBillsQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: ['invoices', 'contra-bills', invoiceId] as const,
    queryFn: ({ signal }) =>
      api.get<ContraBillsOutput>(`admin/invoices/${invoiceId}/contra_bills`, undefined, signal),
  });

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function useAdjustAgainstPurchase(invoiceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdjustAgainstPurchaseDraft; key: string }) =>
      request<ContraAdjustmentOutput>(`admin/invoices/${invoiceId}/adjust_against_purchase`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => {
      // Both sides moved: the invoice, its order and buyer, the bills, the seller's ledger.
      for (const key of [
        'invoices',
        'orders',
        'buyers',
        'bills',
        'sellers',
        'seller-ledger',
        'payments-made',
      ]) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

type Bills = ContraBillsOutput['bills'];
type InvoiceContra = InvoiceContraOutput;

/** The invoice's balance spread over the bills oldest first (each up to its balance). */
export function oldestFirst(bills: Bills, invoiceDue: number): Record<number, number> {
  let left = toPaise(invoiceDue);
  const amounts: Record<number, number> = {};
  for (const bill of bills) {
    const take = Math.min(left, toPaise(bill.balance_due));
    amounts[bill.id] = take / 100;
    left -= take;
  }
  return amounts;
}

/** Why the chosen amounts cannot go (the server says the same), or null. */
export function contraProblem(
  bills: Bills,
  invoiceDue: number,
  amounts: Record<number, number>,
): string | null {
  let total = 0;
  for (const bill of bills) {
    const paise = toPaise(amounts[bill.id] ?? 0);
    if (paise > toPaise(bill.balance_due))
      return moreThanBillMessage(bill.bill_number, toPaise(bill.balance_due));
    total += paise;
  }
  if (total === 0) return CONTRA_MESSAGES.bills_required;
  if (total > toPaise(invoiceDue)) return moreThanInvoiceMessage(toPaise(invoiceDue));
  return null;
}

export function AdjustAgainstPurchaseDialog({
  invoice,
  options,
  onClose,
}: {
  invoice: Invoice;
  options: ContraBillsOutput;
  onClose: () => void;
}) {
  const adjust = useAdjustAgainstPurchase(invoice.id);
  const key = useMemo(newKey, []);
  const [amounts, setAmounts] = useState(() => oldestFirst(options.bills, options.invoice_due));
  const [error, setError] = useState<string | null>(null);
  const total = options.bills.reduce((sum, bill) => sum + toPaise(amounts[bill.id] ?? 0), 0) / 100;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = contraProblem(options.bills, options.invoice_due, amounts);
    const body = {
      bills: options.bills
        .filter((bill) => (amounts[bill.id] ?? 0) > 0)
        .map((bill) => ({ bill: bill.id, amount: amounts[bill.id] ?? 0 })),
    };
    const parsed = adjustAgainstPurchaseInput.safeParse(body);
    const message = problem ?? (parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    setError(message);
    if (message) return;
    try {
      const contra = await adjust.mutateAsync({ body, key });
      notifySuccess(`${CONTRA_MESSAGES.adjusted} (${contra.contra_number})`);
      onClose();
    } catch (failure) {
      notifyFailure(CONTRA_MESSAGES.adjust_failed, failure);
    }
  };

  return (
    <FormDialog
      title="Adjust Against Purchase"
      submitLabel="Adjust"
      pending={adjust.isPending}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      size="lg"
    >
      <Text size="sm">
        Set invoice <b>{invoice.invoice_number}</b> (due <b>{formatMoney(options.invoice_due)}</b>) off
        against the open bills of <b>{options.seller?.name}</b>. The invoice and each bill are settled by the
        amounts below.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Open bills of the seller" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bill</Table.Th>
              <Table.Th>Bill Date</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Adjust</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.bills.map((bill) => (
              <Table.Tr key={bill.id}>
                <Table.Td>{bill.bill_number}</Table.Td>
                <Table.Td>{formatDay(bill.bill_date)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Money value={bill.balance_due} />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Amount to adjust against bill ${bill.bill_number}`}
                    value={amounts[bill.id] ?? 0}
                    onChange={(value) => {
                      setAmounts((current) => ({ ...current, [bill.id]: Number(value) || 0 }));
                      setError(null);
                    }}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    leftSection="₹"
                    w={140}
                    ml="auto"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm">Total to adjust</Text>
        <Text size="sm" fw={700} aria-label="Total to adjust">
          <Money value={total} />
        </Text>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}

/**
 * The invoice page's 'Adjust Against Purchase' button: for users with change_invoice and
 * add_payment_made, on a live invoice with a balance whose buyer has open bills as a seller.
 */
export function AdjustAgainstPurchaseButton({ invoice }: { invoice: Invoice }) {
  const user = useCurrentUser();
  const allowed =
    canPerform(user, 'change_invoice') &&
    canPerform(user, 'add_payment_made') &&
    invoice.status !== 'cancelled' &&
    invoice.amount_due > 0;
  const options = useQuery({ ...contraBillsQuery(invoice.id), enabled: allowed });
  const [open, setOpen] = useState(false);
  const data = options.data;
  if (!allowed || !data || data.refusal || !data.seller || data.bills.length === 0) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={() => setOpen(true)}>
        Adjust Against Purchase
      </Button>
      {open && (
        <AdjustAgainstPurchaseDialog invoice={invoice} options={data} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function useCancelContra() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<ContraAdjustmentOutput>(`admin/contra_adjustments/${id}/cancel`, { method: 'POST', body: {} }),
    onSuccess: () => {
      for (const key of [
        'invoices',
        'orders',
        'buyers',
        'bills',
        'sellers',
        'seller-ledger',
        'payments-made',
      ]) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

/**
 * The invoice's contra adjustments, on its Payment tab; an active one can be undone (Cancel, after
 * a confirmation) by users who may adjust: the invoice and the bills are due again.
 */
export function InvoiceContraAdjustments({ invoice }: { invoice: Invoice }) {
  const user = useCurrentUser();
  const cancel = useCancelContra();
  const [undoing, setUndoing] = useState<InvoiceContra | null>(null);
  const contras = invoice.contra_adjustments ?? [];
  if (contras.length === 0) return null;
  const mayUndo = canPerform(user, 'change_invoice') && canPerform(user, 'add_payment_made');
  const close = () => setUndoing(null);
  return (
    <Stack gap={4} aria-label="Contra adjustments">
      {contras.map((contra) => (
        <Group key={contra.id} gap="xs" wrap="wrap">
          <Text size="sm" td={contra.status === 'cancelled' ? 'line-through' : undefined}>
            Adjusted against purchase {contra.bills.map((b) => `bill ${b.bill_number}`).join(', ')}:{' '}
            <Money value={contra.amount} /> ({contra.contra_number}, {formatDay(contra.date)})
            {contra.status === 'cancelled' ? ' — cancelled' : ''}
          </Text>
          {mayUndo && contra.status === 'active' && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setUndoing(contra)}>
              {`Cancel ${contra.contra_number}`}
            </Button>
          )}
        </Group>
      ))}
      <ConfirmDialog
        opened={undoing !== null}
        title="Cancel Contra Adjustment"
        message={`Cancel ${undoing?.contra_number ?? ''}? The invoice and its bills become due again by ${formatMoney(undoing?.amount ?? 0)}.`}
        confirmLabel="Cancel Adjustment"
        loading={cancel.isPending}
        onConfirm={() => {
          if (!undoing) return;
          cancel.mutate(undoing.id, {
            onSuccess: () => notifySuccess(CONTRA_MESSAGES.cancelled),
            onError: (error) => notifyFailure(CONTRA_MESSAGES.cancel_failed, error),
            onSettled: close,
          });
        }}
        onClose={close}
      />
    </Stack>
  );
}
