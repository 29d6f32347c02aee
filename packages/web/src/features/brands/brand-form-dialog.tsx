import { BRAND_NAME_MAX, brandCreate } from '@b2b/domain/api/brands';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { submitHere } from '../../components/submit-here';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { type Brand, useCreateBrand, useUpdateBrand } from './brands.api';

const schema = z.object({ name: brandCreate.shape.name, ignore_for_bi: z.boolean(), is_active: z.boolean() });
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'ignore_for_bi', 'is_active'] as const;

export interface BrandFormDialogProps {
  companyId: number;
  /** null creates a brand */
  brand: Brand | null;
  onClose: () => void;
  /** After a brand is created, with the server's brand (a picker then chooses it). */
  onCreated?: (brand: Brand) => void;
}

/** Create a brand (name, ignored for BI or not) or edit one (name, active or not). */
export function BrandFormDialog({ companyId, brand, onClose, onCreated }: BrandFormDialogProps) {
  const create = useCreateBrand(companyId);
  const update = useUpdateBrand();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      name: brand?.name ?? '',
      ignore_for_bi: brand?.ignore_for_bi ?? false,
      is_active: brand?.is_active ?? true,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const { name, ignore_for_bi, is_active } = schema.parse(values);
    try {
      if (brand) await update.mutateAsync({ id: brand.id, body: { name, is_active } });
      else {
        const created = await create.mutateAsync({ name, ignore_for_bi });
        onCreated?.(created);
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={brand ? 'Edit Brand' : 'Create Brand'} size="md">
      <form noValidate onSubmit={submitHere(submit)}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Brand Name"
            required
            maxLength={BRAND_NAME_MAX}
            data-autofocus
          />
          {brand ? (
            <SwitchField
              control={form.control}
              name="is_active"
              label="Active"
              description="An inactive brand is not offered for new products."
            />
          ) : (
            <SwitchField
              control={form.control}
              name="ignore_for_bi"
              label="Ignore for Business Intelligence"
              description="Sales of this brand are left out of the Business Intelligence insights."
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {brand ? 'Save' : 'Create Brand'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
