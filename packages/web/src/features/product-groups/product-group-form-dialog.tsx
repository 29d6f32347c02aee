import { PRODUCT_GROUP_NAME_MAX, productGroupCreate } from '@b2b/domain/api/product-groups';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { type ProductGroup, useCreateProductGroup, useUpdateProductGroup } from './product-groups.api';

const schema = z.object({
  name: productGroupCreate.shape.name,
  description: productGroupCreate.shape.description,
});
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'description'] as const;

export interface ProductGroupFormDialogProps {
  companyId: number;
  /** null creates a group */
  group: ProductGroup | null;
  onClose: () => void;
}

/** Create a product group or edit its name and description; attributes have their own dialog. */
export function ProductGroupFormDialog({ companyId, group, onClose }: ProductGroupFormDialogProps) {
  const create = useCreateProductGroup(companyId);
  const update = useUpdateProductGroup();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });

  const submit = form.handleSubmit(async (values) => {
    const { name, description } = schema.parse(values);
    try {
      if (group) await update.mutateAsync({ id: group.id, body: { name, description: description ?? null } });
      else await create.mutateAsync({ name, description });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={group ? 'Edit Product Group' : 'Create Product Group'} size="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Group Name"
            required
            maxLength={PRODUCT_GROUP_NAME_MAX}
            data-autofocus
          />
          <TextareaField control={form.control} name="description" label="Description" minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {group ? 'Save' : 'Create Product Group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
