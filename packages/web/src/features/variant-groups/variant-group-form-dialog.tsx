import { VARIANT_GROUP_NAME_MAX, variantGroupCreate } from '@b2b/domain/api/variant-groups';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TagsField } from '../../components/tags-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useCreateVariantGroup, useUpdateVariantGroup, type VariantGroup } from './variant-groups.api';

type Values = z.input<typeof variantGroupCreate>;
const FIELDS = ['name', 'description', 'attribute', 'options', 'primary_attribute'] as const;

export interface VariantGroupFormDialogProps {
  companyId: number;
  /** null creates a group */
  group: VariantGroup | null;
  onClose: () => void;
}

/** Group name, description, the attribute the variants differ in, its options and the primary attribute. */
export function VariantGroupFormDialog({ companyId, group, onClose }: VariantGroupFormDialogProps) {
  const create = useCreateVariantGroup(companyId);
  const update = useUpdateVariantGroup();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(variantGroupCreate),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      attribute: group?.attribute ?? '',
      options: group?.options ?? [],
      primary_attribute: group?.primary_attribute ?? '',
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const body = variantGroupCreate.parse(values);
    try {
      if (group) {
        await update.mutateAsync({
          id: group.id,
          body: {
            ...body,
            description: body.description ?? null,
            primary_attribute: body.primary_attribute ?? null,
          },
        });
      } else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={group ? 'Edit Variant Group' : 'Create Variant Group'} size="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Group Name"
            required
            maxLength={VARIANT_GROUP_NAME_MAX}
            data-autofocus
          />
          <TextareaField control={form.control} name="description" label="Description" minRows={2} />
          <TextField
            control={form.control}
            name="attribute"
            label="Attribute"
            description="What the variants differ in, e.g. Colour."
            required
          />
          <TagsField
            control={form.control}
            name="options"
            label="Options"
            description="e.g. Red, Blue. Press Enter after each."
            required
          />
          <TextField control={form.control} name="primary_attribute" label="Primary Attribute" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {group ? 'Save' : 'Create Variant Group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
