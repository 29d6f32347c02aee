import { COLLECTION_NAME_MAX, collectionCreate } from '@b2b/domain/api/product-collections';
import { isBlank } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { salesChannelsQuery } from '../reference/reference.api';
import { type ProductCollection, useCreateCollection, useUpdateCollection } from './product-collections.api';

const schema = z.object({
  name: collectionCreate.shape.name,
  description: z.string(),
  /** A drop-down holds the id as a string; null means every sales channel. */
  sales_channel: z.string().nullable(),
  is_active: z.boolean(),
});
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'description', 'sales_channel', 'is_active'] as const;

export interface CollectionFormDialogProps {
  companyId: number;
  /** null creates a collection */
  collection: ProductCollection | null;
  onClose: () => void;
}

export function CollectionFormDialog({ companyId, collection, onClose }: CollectionFormDialogProps) {
  const create = useCreateCollection(companyId);
  const update = useUpdateCollection();
  const channels = useQuery(salesChannelsQuery);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      name: collection?.name ?? '',
      description: collection?.description ?? '',
      sales_channel: collection?.sales_channel ? String(collection.sales_channel) : null,
      is_active: collection?.is_active ?? true,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const parsed = schema.parse(values);
    const body = {
      name: parsed.name,
      description: isBlank(parsed.description) ? null : parsed.description,
      sales_channel: parsed.sales_channel ? Number(parsed.sales_channel) : null,
      is_active: parsed.is_active,
    };
    try {
      if (collection) await update.mutateAsync({ id: collection.id, body });
      else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={collection ? 'Edit Product Collection' : 'Create Product Collection'}
      size="md"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            maxLength={COLLECTION_NAME_MAX}
            data-autofocus
          />
          <TextareaField control={form.control} name="description" label="Description" rows={3} />
          <SelectField
            control={form.control}
            name="sales_channel"
            label="Sales Channel"
            placeholder="All sales channels"
            clearable
            data={(channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name }))}
          />
          <SwitchField control={form.control} name="is_active" label="Active" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {collection ? 'Save' : 'Create Product Collection'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
