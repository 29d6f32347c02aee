import { positiveRupeesInput } from '@b2b/domain/api/buyers';
import { paymentDay } from '@b2b/domain/api/payments';
import { formatMoney, toPaise } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DayField } from '../../components/day-field';
import { FormDialog } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { newIdempotencyKey, type Payment, paymentListQuery, useRecordRefund } from './payments.api';

const schema = z.object({
  payment: z.string({ error: 'Choose the payment to refund.' }).min(1, 'Choose the payment to refund.'),
  amount: positiveRupeesInput,
  refund_date: paymentDay,
  payment_method: z.string().nullable(),
  reference_number: z.string().trim().max(100, 'At most 100 characters.'),
  notes: z.string().trim().max(1000, 'At most 1000 characters.'),
});
type Values = z.input<typeof schema>;

/**
 * 'Record Refund': money paid back from a payment's unallocated balance (an over-payment), never
 * more than that balance (the server refuses the same). Credit-note refunds are made from the note.
 */
export function RefundDialog({ payment, onClose }: { payment?: Payment; onClose: () => void }) {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const [key] = useState(newIdempotencyKey);
  const record = useRecordRefund(companyId);
  const methods = useQuery(paymentMethodListQuery(companyId));
  const withCredit = useQuery({
    ...paymentListQuery(companyId, { limit: 100, has_unallocated: 'true', status__in: 'completed' }),
    enabled: payment === undefined,
  });
  const choices: Payment[] = payment ? [payment] : (withCredit.data?.results ?? []);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(
      schema.superRefine((values, ctx) => {
        const chosen = choices.find((p) => String(p.id) === values.payment);
        const amount = Number(values.amount);
        if (chosen && Number.isFinite(amount) && toPaise(amount) > toPaise(chosen.unallocated)) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `Only ${formatMoney(chosen.unallocated)} of this payment is unallocated and can be refunded.`,
          });
        }
      }),
    ),
    defaultValues: {
      payment: payment ? String(payment.id) : '',
      amount: payment ? payment.unallocated : '',
      refund_date: todayInIndia(),
      payment_method: payment?.payment_method ? String(payment.payment_method.id) : null,
      reference_number: '',
      notes: '',
    },
  });
  const chosenId = useWatch({ control: form.control, name: 'payment' });
  const chosen = choices.find((p) => String(p.id) === chosenId);
  const submit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync({
        key,
        body: {
          payment: Number(values.payment),
          amount: values.amount,
          refund_date: values.refund_date,
          payment_method: values.payment_method ? Number(values.payment_method) : undefined,
          reference_number: values.reference_number || undefined,
          notes: values.notes || undefined,
        },
      });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, [
        'payment',
        'amount',
        'refund_date',
        'payment_method',
        'reference_number',
        'notes',
      ]);
    }
  });
  return (
    <FormDialog
      title="Record Refund"
      submitLabel="Record Refund"
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <SelectField
        control={form.control}
        name="payment"
        label="Payment"
        required
        searchable
        disabled={payment !== undefined}
        nothingFoundMessage="No payment has an unallocated balance."
        data={choices.map((p) => ({
          value: String(p.id),
          label: `${p.payment_number} · ${p.buyer.name} · ${formatMoney(p.unallocated)} unallocated`,
        }))}
      />
      {chosen && (
        <Text size="sm" aria-label="Refundable">
          Refundable: <b>{formatMoney(chosen.unallocated)}</b> to {chosen.buyer.name}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberField
          control={form.control}
          name="amount"
          label="Amount"
          required
          min={0}
          decimalScale={2}
          prefix="₹"
          data-autofocus
        />
        <DayField
          control={form.control}
          name="refund_date"
          label="Refund Date"
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
        <TextField control={form.control} name="reference_number" label="Reference Number" maxLength={100} />
      </SimpleGrid>
      <TextField control={form.control} name="notes" label="Notes" maxLength={1000} />
    </FormDialog>
  );
}
