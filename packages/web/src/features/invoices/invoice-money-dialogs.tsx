import { bankChargesInput, INVOICE_FORM_MESSAGES, writeOffInput } from '@b2b/domain/api/invoices';
import { formatMoney, toPaise } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { type Invoice, useUpdateBankCharges, useWriteOffBalance } from './invoices.api';

/** The write-off cannot exceed what is still due (the server refuses the same). */
export const writeOffSchema = (amountDue: number) =>
  writeOffInput.refine((v) => toPaise(v.write_off_amount) <= toPaise(amountDue), {
    message: INVOICE_FORM_MESSAGES.write_off_too_large,
    path: ['write_off_amount'],
  });

type WriteOffValues = z.input<typeof writeOffInput>;

/** 'Write off balance': an amount (the whole balance by default) charged to an expense ledger. */
export function WriteOffDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const writeOff = useWriteOffBalance(invoice.id);
  const form = useForm<WriteOffValues, unknown, z.output<typeof writeOffInput>>({
    mode: 'onTouched',
    resolver: zodResolver(writeOffSchema(invoice.amount_due)),
    defaultValues: { write_off_amount: invoice.amount_due, expense_ledger_name: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await writeOff.mutateAsync(values);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['write_off_amount', 'expense_ledger_name']);
    }
  });
  return (
    <FormDialog
      title="Write Off Balance"
      submitLabel="Write Off"
      pending={writeOff.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        Amount due: <b>{formatMoney(invoice.amount_due)}</b>. The written-off amount is booked as an expense
        and closes that much of the balance.
      </Text>
      <NumberField
        control={form.control}
        name="write_off_amount"
        label="Write-off Amount"
        required
        min={0}
        decimalScale={2}
        allowNegative={false}
        leftSection="₹"
        data-autofocus
      />
      <TextField
        control={form.control}
        name="expense_ledger_name"
        label="Expense Ledger Name"
        required
        maxLength={100}
        placeholder="Bad debts"
      />
    </FormDialog>
  );
}

type BankChargesValues = z.input<typeof bankChargesInput>;

/** Bank charges deducted from the buyer's payment, and whether it was paid in EMIs. */
export function BankChargesDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const update = useUpdateBankCharges(invoice.id);
  const form = useForm<BankChargesValues, unknown, z.output<typeof bankChargesInput>>({
    mode: 'onTouched',
    resolver: zodResolver(bankChargesInput),
    defaultValues: { bank_charges: invoice.bank_charges, is_payment_mode_emi: invoice.is_payment_mode_emi },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        bank_charges: values.bank_charges,
        is_payment_mode_emi: values.is_payment_mode_emi ?? false,
      });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['bank_charges', 'is_payment_mode_emi']);
    }
  });
  return (
    <FormDialog
      title="Bank Charges"
      submitLabel="Save"
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <NumberField
        control={form.control}
        name="bank_charges"
        label="Bank Charges"
        required
        min={0}
        decimalScale={2}
        allowNegative={false}
        leftSection="₹"
        data-autofocus
      />
      <SwitchField control={form.control} name="is_payment_mode_emi" label="Paid in EMIs" />
    </FormDialog>
  );
}
