import { BRANCH_HELP } from '@b2b/domain/api/branches';
import { GSTIN_LENGTH } from '@b2b/domain/gstin';
import { MAX_LENGTH } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { branchPath } from '../../session/paths';
import { BranchAddressFields } from './branch-address-fields';
import {
  addressBody,
  type BranchFormValues,
  branchCreateSchema,
  branchFieldsSchema,
  fieldsBody,
  formValuesOf,
} from './branch-form.schema';
import { type Branch, useCreateBranch, useUpdateBranch } from './branches.api';

const FIELDS = [
  'name',
  'gstin',
  'invoice_series',
  'contact_person_name',
  'contact_person_email',
  'contact_person_phone',
  'status',
  'address_line_1',
  'address_line_2',
  'landmark',
  'state_id',
  'city',
  'pincode',
  'address_type',
] as const;

/** The server reports the nested address's fields as address.<field>. */
function unnestAddressErrors(error: unknown): unknown {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors;
  if (!errors) return error;
  for (const [key, messages] of Object.entries(errors)) {
    if (key.startsWith('address.')) errors[key.slice('address.'.length)] = messages;
  }
  return error;
}

export interface BranchFormDialogProps {
  companyId: number;
  /** null creates a branch (with its first address) */
  branch: Branch | null;
  onClose: () => void;
}

/** Create a branch with its address, or edit a branch's own fields (its addresses have their tab). */
export function BranchFormDialog({ companyId, branch, onClose }: BranchFormDialogProps) {
  const create = useCreateBranch(companyId);
  const update = useUpdateBranch();
  const navigate = useNavigate();
  const form = useForm<BranchFormValues>({
    mode: 'onTouched',
    // Editing checks the branch fields only (its addresses have their own tab).
    resolver: zodResolver(branch ? branchFieldsSchema : branchCreateSchema) as never,
    defaultValues: formValuesOf(branch),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (branch) {
        await update.mutateAsync({ id: branch.id, body: fieldsBody(branchFieldsSchema.parse(values)) });
        onClose();
      } else {
        const parsed = branchCreateSchema.parse(values);
        const created = await create.mutateAsync({
          ...fieldsBody(parsed),
          name: parsed.name,
          address: addressBody(parsed, 'create'),
        });
        onClose();
        void navigate({ to: branchPath(created.id) });
      }
    } catch (error) {
      applyServerErrors(unnestAddressErrors(error), form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={branch ? 'Edit Branch' : 'Create Branch'} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Branch Name"
            description={BRANCH_HELP.branchName}
            required
            maxLength={100}
            data-autofocus
          />
          <TextField
            control={form.control}
            name="gstin"
            label="GSTIN"
            description={BRANCH_HELP.gstin}
            maxLength={GSTIN_LENGTH}
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
          />
          <TextField
            control={form.control}
            name="invoice_series"
            label="Invoice Series"
            description={BRANCH_HELP.invoiceSeries}
            maxLength={4}
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              control={form.control}
              name="contact_person_name"
              label="Contact Person Name"
              description={BRANCH_HELP.contactPersonName}
              maxLength={MAX_LENGTH}
            />
            <TextField
              control={form.control}
              name="contact_person_phone"
              label="Contact Person Phone"
              description={BRANCH_HELP.contactPersonPhone}
              inputMode="tel"
              maxLength={10}
            />
          </SimpleGrid>
          <TextField
            control={form.control}
            name="contact_person_email"
            label="Contact Person Email"
            description={BRANCH_HELP.contactPersonEmail}
            type="email"
            autoComplete="off"
          />
          <SwitchField control={form.control} name="status" label="Active" description={BRANCH_HELP.status} />
          {!branch && (
            <>
              <Divider />
              <Title order={4}>Address</Title>
              <BranchAddressFields control={form.control} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {branch ? 'Save' : 'Create Branch'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
