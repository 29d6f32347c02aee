import '@mantine/dates/styles.css';
import { BUYER_MESSAGES, positiveRupeesInput, todayInIndia } from '@b2b/domain/api/buyers';
import {
  LEDGER_ENTRY_TYPES,
  TRANSACTION_TYPE_VALUES,
  TRANSACTION_TYPES,
  transactionNeedsPaymentMethod,
} from '@b2b/domain/buyers';
import { NOT_APPLICABLE } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { visibleFieldError } from '../../components/field-error';
import { Money } from '../../components/money';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import {
  type BuyerDetail,
  type BuyerTransaction,
  transactionListQuery,
  useRecordTransaction,
} from './buyers.api';

const schema = z
  .object({
    transaction_type: z.enum(TRANSACTION_TYPE_VALUES, { error: 'Transaction type is required.' }),
    amount: positiveRupeesInput,
    date: z.string({ error: BUYER_MESSAGES.date_invalid }).min(1, BUYER_MESSAGES.date_invalid),
    payment_method: z.string().nullable().optional(),
    reference_number: z.string().trim().max(100).optional(),
    notes: z.string().trim().max(1000).optional(),
    branch: z.string().nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (transactionNeedsPaymentMethod(value.transaction_type) && !value.payment_method) {
      ctx.addIssue({
        code: 'custom',
        message: BUYER_MESSAGES.payment_method_required,
        path: ['payment_method'],
      });
    }
    if (value.date > todayInIndia()) {
      ctx.addIssue({ code: 'custom', message: BUYER_MESSAGES.date_in_future, path: ['date'] });
    }
  });
type Values = z.input<typeof schema>;
const FIELDS = [
  'transaction_type',
  'amount',
  'date',
  'payment_method',
  'reference_number',
  'notes',
  'branch',
];

function DateField({ control }: { control: Control<Values> }) {
  const { field, fieldState, formState } = useController({ control, name: 'date' });
  return (
    <DatePickerInput
      ref={field.ref}
      name={field.name}
      label="Date"
      withAsterisk
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      maxDate={todayInIndia()}
      value={field.value || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        field.onBlur();
      }}
      onBlur={field.onBlur}
      popoverProps={{ withinPortal: true }}
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

/** 'Record Transaction': a payment received, a refund paid out, or an adjustment either way. */
export function RecordTransactionDialog({ buyer, onClose }: { buyer: BuyerDetail; onClose: () => void }) {
  const user = useCurrentUser();
  const record = useRecordTransaction(user.company.id);
  const methods = useQuery(paymentMethodListQuery(user.company.id));
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      transaction_type: 'payment',
      amount: '',
      date: todayInIndia(),
      payment_method: null,
      reference_number: '',
      notes: '',
      branch: user.branches[0] ? String(user.branches[0].id) : null,
    },
  });
  const type = useWatch({ control: form.control, name: 'transaction_type' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync({
        buyer: buyer.id,
        transaction_type: values.transaction_type,
        amount: values.amount,
        date: values.date,
        payment_method: values.payment_method ? Number(values.payment_method) : null,
        reference_number: values.reference_number || null,
        notes: values.notes || null,
        branch: values.branch ? Number(values.branch) : null,
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        if (FIELDS.includes(field) && messages[0])
          form.setError(field as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <Modal opened onClose={onClose} title="Record Transaction" size="lg">
      <form noValidate onSubmit={submit} aria-label="Record Transaction">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              control={form.control}
              name="transaction_type"
              label="Transaction Type"
              required
              allowDeselect={false}
              data={TRANSACTION_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            />
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
            <DateField control={form.control} />
            <SelectField
              control={form.control}
              name="payment_method"
              label="Payment Method"
              required={transactionNeedsPaymentMethod(type)}
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
            <SelectField
              control={form.control}
              name="branch"
              label="Branch"
              clearable
              data={user.branches.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </SimpleGrid>
          <TextareaField
            control={form.control}
            name="notes"
            label="Notes"
            maxLength={1000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record Transaction
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const columns: Column<BuyerTransaction>[] = [
  { key: 'date', header: 'Date', sortField: 'date', render: (t) => dayjs(t.date).format('DD/MM/YYYY') },
  {
    key: 'type',
    header: 'Type',
    render: (t) => <StatusBadge options={LEDGER_ENTRY_TYPES} value={t.entry_type} />,
  },
  {
    key: 'debit',
    header: 'Debit',
    align: 'right',
    render: (t) => (t.debit ? <Money value={t.debit} /> : ''),
  },
  {
    key: 'credit',
    header: 'Credit',
    align: 'right',
    render: (t) => (t.credit ? <Money value={t.credit} /> : ''),
  },
  { key: 'balance', header: 'Balance', align: 'right', render: (t) => <Money value={t.balance_after} /> },
  { key: 'method', header: 'Payment Method', render: (t) => t.payment_method?.name ?? NOT_APPLICABLE },
  { key: 'reference', header: 'Reference', render: (t) => t.reference_number ?? NOT_APPLICABLE },
  { key: 'notes', header: 'Notes', render: (t) => t.notes ?? '' },
];

/** The buyer's ledger, newest first, and 'Record Transaction'. */
export function BuyerTransactionsTab({ buyer, canRecord }: { buyer: BuyerDetail; canRecord: boolean }) {
  const user = useCurrentUser();
  const list = useListParams();
  const [recording, setRecording] = useState(false);
  const transactions = useQuery(
    transactionListQuery(user.company.id, {
      buyer: buyer.id,
      limit: list.params.limit,
      offset: list.params.offset,
      ordering: list.params.ordering,
    }),
  );
  return (
    <Stack gap="md">
      {canRecord && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setRecording(true)}
            style={{ visibility: recording ? 'hidden' : undefined }}
          >
            Record Transaction
          </Button>
        </Group>
      )}
      <DataTable
        label="Transactions"
        columns={columns}
        rowKey={(t) => t.id}
        data={transactions.data}
        isLoading={transactions.isLoading}
        error={transactions.error}
        errorTitle="List Load Error"
        onRetry={() => transactions.refetch()}
        limit={list.params.limit}
        offset={list.params.offset}
        onPageChange={list.setPage}
        ordering={list.params.ordering}
        onOrderingChange={list.setOrdering}
        minWidth={860}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            No transactions yet.
          </Text>
        }
      />
      {recording && <RecordTransactionDialog buyer={buyer} onClose={() => setRecording(false)} />}
    </Stack>
  );
}
