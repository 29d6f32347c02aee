import {
  BUYER_GROUP_DESCRIPTION_MAX,
  BUYER_GROUP_MESSAGES,
  BUYER_GROUP_NAME_MAX,
} from '@b2b/domain/buyer-groups';
import { requiredText } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { MultiSelectField } from '../../components/multi-select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { allBranchesQuery } from '../branches/branches.api';
import {
  ConditionFields,
  type ConditionValues,
  checkConditions,
  conditionsBody,
  EMPTY_CONDITIONS,
} from './buyer-group-conditions';
import { type BuyerGroup, useCreateBuyerGroup } from './buyer-groups.api';

type GroupType = 'static' | 'dynamic';

const schema = z
  .object({
    name: requiredText(BUYER_GROUP_MESSAGES.name_required, BUYER_GROUP_NAME_MAX),
    description: z.string().max(BUYER_GROUP_DESCRIPTION_MAX),
    type: z.enum(['static', 'dynamic']),
    branches: z.array(z.string()),
    min_amount: z.any(),
    max_amount: z.any(),
    last_days: z.any(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'dynamic') return;
    checkConditions(value as unknown as ConditionValues, (field, message) =>
      ctx.addIssue({ code: 'custom', message, path: [field] }),
    );
  });

type Values = z.input<typeof schema>;
const SERVER_FIELDS = ['name', 'description', 'branches'] as const;

export interface BuyerGroupCreateDialogProps {
  companyId: number;
  onClose: () => void;
  onCreated?: (group: BuyerGroup) => void;
}

/** A new group: its name, static or dynamic (with the purchase range and window), and branches. */
export function BuyerGroupCreateDialog({ companyId, onClose, onCreated }: BuyerGroupCreateDialogProps) {
  const create = useCreateBuyerGroup(companyId);
  const branches = useQuery(allBranchesQuery(companyId));
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { name: '', description: '', type: 'static', branches: [], ...EMPTY_CONDITIONS },
  });
  const type = useWatch({ control: form.control, name: 'type' }) as GroupType;

  const submit = form.handleSubmit(async (values) => {
    const dynamic = values.type === 'dynamic';
    const description = values.description.trim();
    try {
      const group = await create.mutateAsync({
        name: values.name.trim(),
        ...(description ? { description } : {}),
        is_dynamic_group: dynamic,
        ...(dynamic ? conditionsBody(values as unknown as ConditionValues) : {}),
        ...(values.branches.length ? { branches: values.branches.map(Number) } : {}),
      });
      onCreated?.(group);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS);
      // The range's refusal names the condition object; it belongs on the maximum's field.
      const range = isApiError(error) ? error.errors.dynamic_group_sale_condition?.[0] : undefined;
      if (range) form.setError('max_amount', { type: 'server', message: range });
    }
  });

  const branchOptions = (branches.data?.results ?? [])
    .filter((branch) => branch.is_active)
    .map((branch) => ({ value: String(branch.id), label: branch.name }));

  return (
    <Modal opened onClose={onClose} title="Create Buyer Group" size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            maxLength={BUYER_GROUP_NAME_MAX}
            data-autofocus
          />
          <TextareaField
            control={form.control}
            name="description"
            label="Description"
            rows={3}
            maxLength={BUYER_GROUP_DESCRIPTION_MAX}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Input.Wrapper label="Type" withAsterisk>
                <SegmentedControl
                  fullWidth
                  aria-label="Type"
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  data={[
                    { value: 'static', label: 'Static' },
                    { value: 'dynamic', label: 'Dynamic' },
                  ]}
                />
              </Input.Wrapper>
            )}
          />
          {type === 'dynamic' && <ConditionFields control={form.control} />}
          <MultiSelectField
            control={form.control}
            name="branches"
            label="Branches"
            placeholder="Choose branches"
            data={branchOptions}
            searchable
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Buyer Group
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
