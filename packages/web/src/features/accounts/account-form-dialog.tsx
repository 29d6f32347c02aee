import {
  ACCOUNT_CODE_MAX,
  ACCOUNT_DESCRIPTION_MAX,
  ACCOUNT_MESSAGES,
  ACCOUNT_NAME_MAX,
  accountCreate,
} from '@b2b/domain/api/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import type { BranchSummary } from '../branches/branches.api';
import { parentCandidates } from './account-tree';
import { type Account, type AccountGroup, useCreateAccount, useUpdateAccount } from './accounts.api';

interface Values {
  name: string;
  account_type: string;
  parent_account: string;
  branch: string;
  code: string;
  description: string;
}
const FIELDS: FieldPath<Values>[] = [
  'name',
  'account_type',
  'parent_account',
  'branch',
  'code',
  'description',
];

export interface AccountFormDialogProps {
  companyId: number;
  /** null creates an account */
  account: Account | null;
  groups: AccountGroup[];
  /** Every account of the company (the parent choices). */
  accounts: Account[];
  branches: BranchSummary[];
  /** A type to start a new account with (from the group section it was opened in). */
  defaultTypeId?: number;
  onClose: () => void;
}

/** Create or edit an account: name, type (by account group), parent, branch, code, description. */
export function AccountFormDialog(props: AccountFormDialogProps) {
  const { companyId, account, groups, accounts, branches, onClose } = props;
  const create = useCreateAccount(companyId);
  const update = useUpdateAccount();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(accountCreate) as unknown as Resolver<Values>,
    defaultValues: {
      name: account?.name ?? '',
      account_type: String(account?.account_type.id ?? props.defaultTypeId ?? ''),
      parent_account: account?.parent_account ? String(account.parent_account.id) : '',
      branch: account?.branch ? String(account.branch.id) : '',
      code: account?.code ?? '',
      description: account?.description ?? '',
    },
  });
  const [typeId, branchId, parentId] = useWatch({
    control: form.control,
    name: ['account_type', 'branch', 'parent_account'],
  });
  const groupOfType = new Map(
    groups.flatMap((g) => g.account_types.map((t) => [String(t.id), g.id] as const)),
  );
  const groupId = groupOfType.get(typeId) ?? null;
  const parents = parentCandidates(accounts, {
    groupId,
    branchId: branchId ? Number(branchId) : null,
    accountId: account?.id,
  });
  // A parent that no longer fits the chosen type or branch is cleared rather than sent and refused.
  useEffect(() => {
    if (parentId && !parents.some((p) => String(p.id) === parentId)) form.setValue('parent_account', '');
  }, [parentId, parents, form]);

  const system = account?.is_system === true;
  const typeOptions = groups.map((group) => ({
    group: group.name,
    items: group.account_types.map((t) => ({ value: String(t.id), label: t.name })),
  }));
  // No branch is a company-wide account; an inactive branch is only shown while it is the current one.
  const branchOptions = branches
    .filter((b) => b.is_active || String(b.id) === branchId)
    .map((b) => ({ value: String(b.id), label: b.is_active ? b.name : `${b.name} (inactive)` }));

  const submit = form.handleSubmit(async () => {
    const values = accountCreate.parse(form.getValues());
    const body = {
      name: values.name,
      account_type: values.account_type,
      parent_account: values.parent_account ?? null,
      branch: values.branch ?? null,
      code: values.code ?? null,
      description: values.description ?? null,
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
    <Modal opened onClose={onClose} title={account ? 'Edit Account' : 'Create Account'} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {system && (
            <Alert color="blue" variant="light">
              {ACCOUNT_MESSAGES.system_locked}
            </Alert>
          )}
          <TextField
            control={form.control}
            name="name"
            label="Account Name"
            required
            maxLength={ACCOUNT_NAME_MAX}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              control={form.control}
              name="account_type"
              label="Account Type"
              required
              searchable
              data={typeOptions}
              disabled={system}
              nothingFoundMessage="No account type found"
            />
            <SelectField
              control={form.control}
              name="parent_account"
              label="Parent Account"
              searchable
              clearable
              data={parents.map((p) => ({
                value: String(p.id),
                label: p.code ? `${p.name} (${p.code})` : p.name,
              }))}
              placeholder={groupId === null ? 'Choose an account type first' : 'None'}
              disabled={groupId === null}
              nothingFoundMessage="No account of this group fits"
            />
            <SelectField
              control={form.control}
              name="branch"
              label="Branch"
              data={branchOptions}
              disabled={system}
              clearable
              placeholder="Company-wide (all branches)"
            />
            <TextField
              control={form.control}
              name="code"
              label="Code"
              maxLength={ACCOUNT_CODE_MAX}
              disabled={system}
            />
          </SimpleGrid>
          <TextareaField
            control={form.control}
            name="description"
            label="Description"
            rows={3}
            maxLength={ACCOUNT_DESCRIPTION_MAX}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {account ? 'Save' : 'Create Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
