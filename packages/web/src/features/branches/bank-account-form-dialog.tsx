import {
  accountHolderSchema,
  accountNumberSchema,
  BANK_ACCOUNT_TYPE_VALUES,
  BANK_ACCOUNT_TYPES,
  bankNameSchema,
  ifscSchema,
  upiIdSchema,
} from '@b2b/domain/bank-accounts';
import { maxLengthMessage, optionalField } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import {
  type BankAccount,
  type BankAccountBody,
  useCreateBankAccount,
  useUpdateBankAccount,
} from './bank-accounts.api';

const schema = z.object({
  bank_name: bankNameSchema,
  account_holder_name: accountHolderSchema,
  account_number: accountNumberSchema,
  ifsc_code: ifscSchema,
  bank_branch_name: z.string().trim().max(100, maxLengthMessage(100)).optional(),
  account_type: z.enum(BANK_ACCOUNT_TYPE_VALUES, { error: 'Please choose an account type.' }),
  upi_id: optionalField(upiIdSchema),
  is_default: z.boolean(),
});
type Values = z.input<typeof schema>;
const FIELDS = [
  'bank_name',
  'account_holder_name',
  'account_number',
  'ifsc_code',
  'bank_branch_name',
  'account_type',
  'upi_id',
  'is_default',
] as const;

const TYPE_OPTIONS = BANK_ACCOUNT_TYPES.map(({ value, label }) => ({ value, label }));

export interface BankAccountFormDialogProps {
  branchId: number;
  /** null adds an account */
  account: BankAccount | null;
  onClose: () => void;
}

/** Add a bank account to a branch or edit one; the default one is printed on the branch's invoices. */
export function BankAccountFormDialog({ branchId, account, onClose }: BankAccountFormDialogProps) {
  const create = useCreateBankAccount(branchId);
  const update = useUpdateBankAccount();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      bank_name: account?.bank_name ?? '',
      account_holder_name: account?.account_holder_name ?? '',
      account_number: account?.account_number ?? '',
      ifsc_code: account?.ifsc_code ?? '',
      bank_branch_name: account?.bank_branch_name ?? '',
      account_type: account?.account_type ?? 'current',
      upi_id: account?.upi_id ?? '',
      is_default: account?.is_default ?? false,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const parsed = schema.parse(values);
    const body: BankAccountBody = {
      ...parsed,
      bank_branch_name: parsed.bank_branch_name || null,
      upi_id: parsed.upi_id ?? null,
    };
    try {
      if (account) await update.mutateAsync({ id: account.id, body });
      else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={account ? 'Edit Bank Account' : 'Add Bank Account'} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              control={form.control}
              name="bank_name"
              label="Bank Name"
              required
              maxLength={100}
              data-autofocus
            />
            <TextField
              control={form.control}
              name="account_holder_name"
              label="Account Holder Name"
              required
              maxLength={100}
            />
            <TextField
              control={form.control}
              name="account_number"
              label="Account Number"
              description="9 to 18 digits."
              required
              inputMode="numeric"
              maxLength={18}
              autoComplete="off"
            />
            <TextField
              control={form.control}
              name="ifsc_code"
              label="IFSC Code"
              description="11 characters, e.g. HDFC0001234."
              required
              maxLength={11}
              autoComplete="off"
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <TextField control={form.control} name="bank_branch_name" label="Bank Branch" maxLength={100} />
            <SelectField
              control={form.control}
              name="account_type"
              label="Account Type"
              required
              data={TYPE_OPTIONS}
              allowDeselect={false}
            />
            <TextField
              control={form.control}
              name="upi_id"
              label="UPI ID"
              placeholder="name@bank"
              autoComplete="off"
            />
          </SimpleGrid>
          <SwitchField
            control={form.control}
            name="is_default"
            label="Default account"
            description="The default account is printed on the branch's invoices; making this one the default replaces the old one."
            disabled={account?.is_default}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {account ? 'Save' : 'Add Bank Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
