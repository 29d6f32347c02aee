import { positiveRupeesInput } from '@b2b/domain/api/buyers';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { allocateOldestFirst } from '@b2b/domain/payments';
import {
  excessMessage,
  PAYMENT_MADE_MESSAGES,
  type PaymentMadeInputDraft,
  tdsConfigurationOf,
  tdsOnAllocation,
} from '@b2b/domain/payments-made';
import { todayInIndia } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
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
import type { BillSummary } from '../bills/bills.api';
import { branchBankAccountsQuery } from '../branches/bank-accounts.api';
import { companyQuery } from '../companies/companies.api';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { sellerSource } from '../sellers/seller-source';
import {
  newPaymentMadeKey,
  type PaymentMadeDetail,
  sellerOpenBillsQuery,
  useRecordPaymentMade,
} from './payments-made.api';

const schema = z.object({
  seller: z
    .number({ error: 'Seller is required.' })
    .nullable()
    .refine((v) => v !== null, 'Seller is required.'),
  amount: positiveRupeesInput,
  payment_date: z
    .string()
    .min(1, 'Payment Date is required.')
    .refine((v) => v <= todayInIndia(), PAYMENT_MADE_MESSAGES.date_in_future),
  payment_method: z
    .string({ error: PAYMENT_MADE_MESSAGES.payment_method_required })
    .nullable()
    .refine((v) => v !== null && v !== '', PAYMENT_MADE_MESSAGES.payment_method_required),
  paid_from: z.string().nullable(),
  reference_number: z.string().trim().max(100, 'At most 100 characters.'),
  notes: z.string().trim().max(1000, 'At most 1000 characters.'),
});
type Values = z.input<typeof schema>;
const FIELDS = [
  'seller',
  'amount',
  'payment_date',
  'payment_method',
  'paid_from',
  'reference_number',
  'notes',
];

/**
 * The allocation the dialog shows: oldest bill first following the amount, or the amounts typed per
 * bill; with the TDS each allocation bears when the company deducts it, and what is left over.
 */
export function previewAllocation(
  amountPaise: number,
  bills: readonly BillSummary[],
  typed: Record<number, number | ''> | null,
  tdsRate: number | null,
) {
  const rows = typed
    ? bills.map((bill) => {
        const value = typed[bill.id];
        return { bill, paise: value === undefined || value === '' ? 0 : toPaise(value) };
      })
    : (() => {
        const plan = allocateOldestFirst(
          amountPaise,
          bills.map((bill) => ({ id: bill.id, duePaise: toPaise(bill.balance_due) })),
        );
        return bills.map((bill) => ({
          bill,
          paise: plan.allocations.find((a) => a.invoiceId === bill.id)?.amountPaise ?? 0,
        }));
      })();
  const withTds = rows.map((row) => ({
    ...row,
    tdsPaise:
      tdsRate === null
        ? 0
        : tdsOnAllocation(
            row.paise,
            { taxablePaise: toPaise(row.bill.taxable_value), totalPaise: toPaise(row.bill.total) },
            tdsRate,
          ),
  }));
  const allocatedPaise = withTds.reduce((sum, row) => sum + row.paise, 0);
  const tdsPaise = withTds.reduce((sum, row) => sum + row.tdsPaise, 0);
  return { rows: withTds, allocatedPaise, tdsPaise, excessPaise: amountPaise - allocatedPaise };
}

export interface RecordPaymentMadeDialogProps {
  onClose: () => void;
  onRecorded?: (payment: PaymentMadeDetail) => void;
  /** From a bill: its seller, fixed, and that bill paid first (its balance as the amount). */
  bill?: { id: number; seller: { id: number; name: string }; balance_due: number };
  /** From a seller's page: that seller, fixed, its bills oldest first. */
  seller?: { id: number; name: string };
}

/**
 * 'Record Payment' to a seller: seller, amount, date, method, our bank account, reference, and how
 * the amount goes over the seller's open bills (oldest first following the amount, or typed per
 * bill), with the TDS the company deducts; a rest is kept as an advance only when ticked. One
 * Idempotency-Key per opening makes a double submit record one payment.
 */
export function RecordPaymentMadeDialog({ onClose, onRecorded, bill, seller }: RecordPaymentMadeDialogProps) {
  const fixedSeller = bill?.seller ?? seller;
  const user = useCurrentUser();
  const companyId = user.company.id;
  const [key] = useState(newPaymentMadeKey);
  const record = useRecordPaymentMade(companyId);
  const methods = useQuery(paymentMethodListQuery(companyId));
  const company = useQuery(companyQuery(companyId));
  const tds = tdsConfigurationOf(company.data?.tds_configuration);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      seller: fixedSeller?.id ?? null,
      amount: bill ? bill.balance_due : '',
      payment_date: todayInIndia(),
      payment_method: null,
      paid_from: null,
      reference_number: '',
      notes: '',
    },
  });
  const sellerId = useWatch({ control: form.control, name: 'seller' });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const open = useQuery({ ...sellerOpenBillsQuery(companyId, sellerId ?? 0), enabled: sellerId != null });
  const [oldestFirst, setOldestFirst] = useState(bill === undefined);
  const [typed, setTyped] = useState<Record<number, number | ''> | null>(null);
  const [keepAdvance, setKeepAdvance] = useState(false);
  const [allocationError, setAllocationError] = useState<string | null>(null);
  const bills = open.data?.results ?? [];
  const branchId = bills[0]?.branch.id ?? user.branches?.find((b) => b.is_active)?.id ?? null;
  const accounts = useQuery({ ...branchBankAccountsQuery(branchId ?? 0), enabled: branchId !== null });

  const amountPaise = Number.isFinite(Number(amount)) && Number(amount) > 0 ? toPaise(Number(amount)) : 0;
  const chosen: Record<number, number | ''> | null = oldestFirst
    ? null
    : (typed ?? (bill ? { [bill.id]: toRupees(Math.min(amountPaise, toPaise(bill.balance_due))) } : {}));
  const preview = useMemo(
    () => previewAllocation(amountPaise, bills, chosen, tds?.ratePercent ?? null),
    [amountPaise, bills, chosen, tds?.ratePercent],
  );
  const setChosen = (billId: number, value: number | '') =>
    setTyped((current) => ({ ...(current ?? chosen ?? {}), [billId]: value }));

  const submit = form.handleSubmit(async (values) => {
    setAllocationError(null);
    if (!oldestFirst) {
      if (preview.allocatedPaise > toPaise(values.amount)) {
        setAllocationError(PAYMENT_MADE_MESSAGES.allocated_above_amount);
        return;
      }
      const over = preview.rows.find((row) => row.paise > toPaise(row.bill.balance_due));
      if (over) {
        setAllocationError(
          PAYMENT_MADE_MESSAGES.more_than_balance(over.bill.bill_number, formatMoney(over.bill.balance_due)),
        );
        return;
      }
    }
    if (preview.excessPaise > 0 && !keepAdvance) {
      setAllocationError(excessMessage(preview.excessPaise));
      return;
    }
    const body: PaymentMadeInputDraft = {
      seller: values.seller as number,
      amount: values.amount,
      payment_date: values.payment_date,
      payment_method: Number(values.payment_method),
      paid_from: values.paid_from ? Number(values.paid_from) : undefined,
      reference_number: values.reference_number || undefined,
      notes: values.notes || undefined,
      keep_excess_as_advance: keepAdvance,
      ...(oldestFirst
        ? {}
        : {
            allocations: preview.rows
              .filter((row) => row.paise > 0)
              .map((row) => ({ bill: row.bill.id, amount: toRupees(row.paise) })),
          }),
    };
    try {
      const payment = await record.mutateAsync({ key, body });
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
    <Modal opened onClose={onClose} title="Record Payment Made" size="xl">
      <form noValidate onSubmit={submit} aria-label="Record Payment Made">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {fixedSeller ? (
              <Text size="sm" aria-label="Seller">
                Seller: <b>{fixedSeller.name}</b>
              </Text>
            ) : (
              <EntitySelectField
                control={form.control}
                name="seller"
                label="Seller"
                required
                source={sellerSource(companyId)}
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
              required
              data={(methods.data?.results ?? [])
                .filter((m) => m.is_active)
                .map((m) => ({ value: String(m.id), label: m.name }))}
            />
            <SelectField
              control={form.control}
              name="paid_from"
              label="Paid From"
              clearable
              placeholder="Bank account (optional)"
              data={(accounts.data?.results ?? []).map((a) => ({
                value: String(a.id),
                label: `${a.bank_name} ••••${String(a.account_number).slice(-4)}`,
              }))}
            />
            <TextField
              control={form.control}
              name="reference_number"
              label="Reference (UTR / Cheque No.)"
              maxLength={100}
            />
            <TextField control={form.control} name="notes" label="Notes" maxLength={1000} />
          </SimpleGrid>

          {sellerId != null && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500} size="sm">
                  Open bills
                </Text>
                <Switch
                  label="Allocate oldest first"
                  checked={oldestFirst}
                  onChange={(event) => setOldestFirst(event.currentTarget.checked)}
                />
              </Group>
              {open.isLoading ? (
                <Skeleton height={80} aria-label="Loading open bills" />
              ) : bills.length === 0 ? (
                <Text size="sm" c="dimmed">
                  This seller has no received bill left to pay.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table aria-label="Allocation" striped withTableBorder>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Bill</Table.Th>
                        <Table.Th>Bill Date</Table.Th>
                        <Table.Th ta="right">Balance</Table.Th>
                        <Table.Th ta="right">Allocate</Table.Th>
                        {tds && <Table.Th ta="right">TDS</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.rows.map((row) => (
                        <Table.Tr key={row.bill.id}>
                          <Table.Td>{row.bill.bill_number}</Table.Td>
                          <Table.Td>{formatDay(row.bill.bill_date)}</Table.Td>
                          <Table.Td ta="right">{formatMoney(row.bill.balance_due)}</Table.Td>
                          <Table.Td ta="right">
                            {oldestFirst ? (
                              formatMoney(toRupees(row.paise))
                            ) : (
                              <NumberInput
                                aria-label={`Allocate to ${row.bill.bill_number}`}
                                size="xs"
                                min={0}
                                max={row.bill.balance_due}
                                decimalScale={2}
                                prefix="₹"
                                value={chosen?.[row.bill.id] ?? ''}
                                onChange={(value) =>
                                  setChosen(row.bill.id, value === '' ? '' : Number(value))
                                }
                              />
                            )}
                          </Table.Td>
                          {tds && <Table.Td ta="right">{formatMoney(toRupees(row.tdsPaise))}</Table.Td>}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {tds && (
                <Text size="sm" aria-label="TDS">
                  TDS under section {tds.section} at {tds.ratePercent}% on the bills’ taxable value:{' '}
                  <b>{formatMoney(toRupees(preview.tdsPaise))}</b>; the seller receives{' '}
                  <b>{formatMoney(toRupees(Math.max(0, amountPaise - preview.tdsPaise)))}</b>
                  {tds.thresholdPaise > 0
                    ? ` (deducted once the seller’s payments this year pass ${formatMoney(toRupees(tds.thresholdPaise))})`
                    : ''}
                  .
                </Text>
              )}
              <Checkbox
                label="Keep the excess as an advance to the seller"
                description="What is not allocated to a bill stays as the seller’s advance, to settle a later bill."
                checked={keepAdvance}
                onChange={(event) => setKeepAdvance(event.currentTarget.checked)}
              />
              {preview.excessPaise > 0 && (
                <Text size="sm" aria-label="Excess">
                  Not allocated: <b>{formatMoney(toRupees(preview.excessPaise))}</b>
                  {keepAdvance ? ', kept as an advance.' : '.'}
                </Text>
              )}
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
            <Button type="submit" loading={record.isPending}>
              Record Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
