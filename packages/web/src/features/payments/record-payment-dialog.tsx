import { positiveRupeesInput } from '@b2b/domain/api/buyers';
import { paymentDay } from '@b2b/domain/api/payments';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { allocateOldestFirst } from '@b2b/domain/payments';
import { todayInIndia } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { DayField } from '../../components/day-field';
import { EntitySelectField } from '../../components/entity-select-field';
import { formatDay } from '../../components/format-day';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { buyerSource } from '../quotations/quotation-party-fields';
import {
  newIdempotencyKey,
  type OpenInvoice,
  openInvoicesQuery,
  type PaymentDetail,
  useRecordOrderPayment,
  useRecordPayment,
} from './payments.api';

const schema = z.object({
  buyer: z
    .number({ error: 'Buyer is required.' })
    .nullable()
    .refine((v) => v !== null, 'Buyer is required.'),
  amount: positiveRupeesInput,
  payment_date: paymentDay,
  payment_method: z.string().nullable(),
  reference_number: z.string().trim().max(100, 'At most 100 characters.'),
  notes: z.string().trim().max(1000, 'At most 1000 characters.'),
});
type Values = z.input<typeof schema>;
const FIELDS = ['buyer', 'amount', 'payment_date', 'payment_method', 'reference_number', 'notes'];

export interface RecordPaymentDialogProps {
  onClose: () => void;
  onRecorded?: (payment: PaymentDetail) => void;
  /** The buyer, fixed (from an invoice or an order); chosen in the dialog otherwise. */
  buyer?: { id: number; name: string };
  /** Against this order: record_payments (its open invoices oldest first, the rest an advance). */
  orderId?: number;
  /** From an invoice: that invoice gets the money first. */
  invoice?: { id: number; amount_due: number };
}

/**
 * 'Record Payment': buyer, amount, date, method and reference, and how the amount goes over the
 * buyer's open invoices (oldest first, or amounts typed per invoice); what is not allocated stays
 * as the buyer's credit. One Idempotency-Key per opening makes a double submit record one payment.
 */
export function RecordPaymentDialog({
  onClose,
  onRecorded,
  buyer,
  orderId,
  invoice,
}: RecordPaymentDialogProps) {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const [key] = useState(newIdempotencyKey);
  const recordForBuyer = useRecordPayment(companyId);
  const recordForOrder = useRecordOrderPayment(orderId ?? 0);
  const methods = useQuery(paymentMethodListQuery(companyId));
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      buyer: buyer?.id ?? null,
      amount: invoice ? invoice.amount_due : '',
      payment_date: todayInIndia(),
      payment_method: null,
      reference_number: '',
      notes: '',
    },
  });
  const buyerId = useWatch({ control: form.control, name: 'buyer' });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const open = useQuery({ ...openInvoicesQuery(companyId, buyerId ?? 0), enabled: buyerId != null });
  const [oldestFirst, setOldestFirst] = useState(invoice === undefined);
  // Typed allocations; until the user types one, an invoice's allocation follows the amount (what
  // is due at most), and any excess is kept as the buyer's credit.
  const [typed, setTyped] = useState<Record<number, number | ''> | null>(null);
  const [allocationError, setAllocationError] = useState<string | null>(null);

  const invoices = useMemo(() => {
    const rows = open.data?.results ?? [];
    return orderId === undefined ? rows : rows.filter((row) => row.order.id === orderId);
  }, [open.data, orderId]);
  const amountPaise = Number.isFinite(Number(amount)) && Number(amount) > 0 ? toPaise(Number(amount)) : 0;
  const preview = useMemo(
    () =>
      allocateOldestFirst(
        amountPaise,
        invoices.map((row) => ({ id: row.id, duePaise: toPaise(row.amount_due) })),
      ),
    [amountPaise, invoices],
  );
  const chosen: Record<number, number | ''> =
    typed ?? (invoice ? { [invoice.id]: toRupees(Math.min(amountPaise, toPaise(invoice.amount_due))) } : {});
  const setChosen = (invoiceId: number, value: number | '') =>
    setTyped((current) => ({ ...(current ?? chosen), [invoiceId]: value }));
  const previewOf = (row: OpenInvoice) =>
    preview.allocations.find((a) => a.invoiceId === row.id)?.amountPaise ?? 0;
  const chosenTotal = Object.values(chosen).reduce<number>((sum, v) => sum + (v === '' ? 0 : toPaise(v)), 0);
  const creditPaise =
    oldestFirst || orderId !== undefined ? preview.unallocatedPaise : amountPaise - chosenTotal;
  const pending = recordForBuyer.isPending || recordForOrder.isPending;

  const submit = form.handleSubmit(async (values) => {
    setAllocationError(null);
    if (!oldestFirst && orderId === undefined) {
      if (chosenTotal > toPaise(values.amount)) {
        setAllocationError('The amounts allocated add up to more than the payment.');
        return;
      }
      const over = invoices.find((row) => {
        const v = chosen[row.id];
        return v !== undefined && v !== '' && toPaise(v) > toPaise(row.amount_due);
      });
      if (over) {
        setAllocationError(`Only ${formatMoney(over.amount_due)} is due on ${over.invoice_number}.`);
        return;
      }
    }
    const common = {
      amount: values.amount,
      payment_date: values.payment_date,
      payment_method: values.payment_method ? Number(values.payment_method) : undefined,
      reference_number: values.reference_number || undefined,
      notes: values.notes || undefined,
    };
    try {
      const payment =
        orderId !== undefined
          ? await recordForOrder.mutateAsync({ body: common, key })
          : await recordForBuyer.mutateAsync({
              key,
              body: {
                ...common,
                buyer: values.buyer as number,
                ...(oldestFirst
                  ? {}
                  : {
                      allocations: Object.entries(chosen)
                        .filter(([, v]) => v !== '' && Number(v) > 0)
                        .map(([invoiceId, v]) => ({ invoice: Number(invoiceId), amount: Number(v) })),
                    }),
              },
            });
      onRecorded?.(payment);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        if (FIELDS.includes(field) && messages[0])
          form.setError(field as never, { type: 'server', message: messages[0] });
        else if (field.startsWith('allocations') && messages[0]) setAllocationError(messages[0]);
      }
    }
  });

  return (
    <Modal opened onClose={onClose} title="Record Payment" size="xl">
      <form noValidate onSubmit={submit} aria-label="Record Payment">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {buyer ? (
              <Text size="sm" aria-label="Buyer">
                Buyer: <b>{buyer.name}</b>
              </Text>
            ) : (
              <EntitySelectField
                control={form.control}
                name="buyer"
                label="Buyer"
                required
                source={buyerSource(companyId)}
              />
            )}
            <NumberField
              control={form.control}
              name="amount"
              label="Amount"
              required
              min={0}
              decimalScale={2}
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              prefix="₹"
              data-autofocus
            />
            <DayField
              control={form.control}
              name="payment_date"
              label="Payment Date"
              required
              maxDate={new Date()}
            />
            <SelectField
              control={form.control}
              name="payment_method"
              label="Payment Method"
              clearable
              data={(methods.data?.results ?? [])
                .filter((m) => m.is_active)
                .map((m) => ({ value: String(m.id), label: m.name }))}
            />
            <TextField
              control={form.control}
              name="reference_number"
              label="Reference Number"
              maxLength={100}
            />
            <TextField control={form.control} name="notes" label="Notes" maxLength={1000} />
          </SimpleGrid>

          {buyerId != null && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500} size="sm">
                  {orderId !== undefined ? 'Open invoices of this order' : 'Open invoices'}
                </Text>
                {orderId === undefined && (
                  <Switch
                    label="Allocate oldest first"
                    checked={oldestFirst}
                    onChange={(event) => setOldestFirst(event.currentTarget.checked)}
                  />
                )}
              </Group>
              {open.isLoading ? (
                <Skeleton height={80} aria-label="Loading open invoices" />
              ) : invoices.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No invoice is due: the whole amount is kept as the buyer’s credit
                  {orderId !== undefined ? ' on this order' : ''}.
                </Text>
              ) : (
                <Table aria-label="Allocation" striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Invoice</Table.Th>
                      <Table.Th>Due Date</Table.Th>
                      <Table.Th ta="right">Amount Due</Table.Th>
                      <Table.Th ta="right">Allocate</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invoices.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{row.invoice_number}</Table.Td>
                        <Table.Td>{formatDay(row.due_date)}</Table.Td>
                        <Table.Td ta="right">{formatMoney(row.amount_due)}</Table.Td>
                        <Table.Td ta="right">
                          {oldestFirst || orderId !== undefined ? (
                            formatMoney(toRupees(previewOf(row)))
                          ) : (
                            <NumberInput
                              aria-label={`Allocate to ${row.invoice_number}`}
                              size="xs"
                              min={0}
                              max={row.amount_due}
                              decimalScale={2}
                              prefix="₹"
                              value={chosen[row.id] ?? ''}
                              onChange={(value) => setChosen(row.id, value === '' ? '' : Number(value))}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Text size="sm" aria-label="Kept as credit">
                {creditPaise > 0 && invoices.length > 0
                  ? 'What is not allocated to an invoice is kept as the buyer’s credit, to settle a later invoice. '
                  : ''}
                Kept as buyer credit: <b>{formatMoney(toRupees(Math.max(0, creditPaise)))}</b>
                {open.data && open.data.credit > 0
                  ? ` (credit already held: ${formatMoney(open.data.credit)})`
                  : ''}
              </Text>
              {allocationError && (
                <Alert color="red" variant="light" role="alert">
                  {allocationError}
                </Alert>
              )}
            </Stack>
          )}

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Record Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
