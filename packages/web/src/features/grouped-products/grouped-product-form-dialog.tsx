import {
  GROUPED_PRODUCT_MESSAGES,
  GROUPED_PRODUCT_NAME_MAX,
  groupedProductCreate,
  groupedProductItemInput,
} from '@b2b/domain/api/grouped-products';
import { rupeesInput } from '@b2b/domain/api/products';
import { isBlank } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { visibleFieldError } from '../../components/field-error';
import { NumberField } from '../../components/number-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { BundleProductSelect, type ProductRef } from './bundle-product-select';
import {
  type GroupedProductDetails,
  useCreateGroupedProduct,
  useUpdateGroupedProduct,
} from './grouped-products.api';

const CHOOSE_PRODUCT = 'Please choose a product.';

/** The form checks what the API checks: the domain's own field schemas. */
const schema = z.object({
  name: groupedProductCreate.shape.name,
  sku: groupedProductCreate.shape.sku,
  description: z.string(),
  items: z
    .array(
      z.object({
        product: z.custom<ProductRef | null>((v) => v !== null && v !== undefined, CHOOSE_PRODUCT),
        quantity: groupedProductItemInput.shape.quantity,
      }),
    )
    .min(2, GROUPED_PRODUCT_MESSAGES.items_min)
    .refine((list) => {
      const ids = list.map((i) => i.product?.id).filter((id) => id !== undefined);
      return new Set(ids).size === ids.length;
    }, GROUPED_PRODUCT_MESSAGES.item_duplicate),
  selling_price: rupeesInput,
  /** Blank: the sum of the items' MRPs times their quantities. */
  mrp: z.union([z.literal(''), rupeesInput]),
  is_active: z.boolean(),
});
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'sku', 'description', 'items', 'selling_price', 'mrp'] as const;

export interface GroupedProductFormDialogProps {
  companyId: number;
  /** null creates a bundle */
  bundle: GroupedProductDetails | null;
  onClose: () => void;
}

/** Create or edit a bundle: its products and quantities, its price and (optionally) its MRP. */
export function GroupedProductFormDialog({ companyId, bundle, onClose }: GroupedProductFormDialogProps) {
  const create = useCreateGroupedProduct(companyId);
  const update = useUpdateGroupedProduct();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: {
      name: bundle?.name ?? '',
      sku: bundle?.sku ?? '',
      description: bundle?.description ?? '',
      items: bundle
        ? bundle.items.map((i) => ({
            product: { id: i.product, name: i.product_name, sku: i.product_sku },
            quantity: i.quantity,
          }))
        : [
            { product: null, quantity: 1 },
            { product: null, quantity: 1 },
          ],
      selling_price: bundle?.selling_price ?? '',
      mrp: bundle?.mrp ?? '',
      is_active: bundle?.is_active ?? true,
    },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const chosenIds = (form.watch('items') ?? []).map((i) => i.product?.id).filter((id) => id !== undefined);

  const submit = form.handleSubmit(async (values) => {
    const parsed = schema.parse(values);
    const body = {
      name: parsed.name,
      sku: parsed.sku,
      description: isBlank(parsed.description) ? null : parsed.description,
      items: parsed.items.map((i) => ({ product: (i.product as ProductRef).id, quantity: i.quantity })),
      selling_price: parsed.selling_price,
      mrp: parsed.mrp === '' ? undefined : parsed.mrp,
      is_active: parsed.is_active,
    };
    try {
      if (bundle) await update.mutateAsync({ id: bundle.id, body });
      else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const itemsError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;

  return (
    <Modal
      opened
      onClose={onClose}
      title={bundle ? 'Edit Grouped Product' : 'Create Grouped Product'}
      size="lg"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            maxLength={GROUPED_PRODUCT_NAME_MAX}
            data-autofocus
          />
          <TextField control={form.control} name="sku" label="SKU" required />
          <TextareaField control={form.control} name="description" label="Description" rows={3} />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Products
            </Text>
            {items.fields.map((line, index) => (
              <Group key={line.id} align="flex-start" wrap="nowrap">
                <Controller
                  control={form.control}
                  name={`items.${index}.product`}
                  render={({ field, fieldState, formState }) => (
                    <div style={{ flex: 1 }}>
                      <BundleProductSelect
                        companyId={companyId}
                        label={`Product ${index + 1}`}
                        value={(field.value as ProductRef | null) ?? null}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={visibleFieldError(fieldState, formState.isSubmitted)}
                        excludeIds={chosenIds.filter((id) => id !== field.value?.id)}
                      />
                    </div>
                  )}
                />
                <Controller
                  control={form.control}
                  name={`items.${index}.quantity`}
                  render={({ field, fieldState, formState }) => (
                    <NumberInput
                      label={`Quantity ${index + 1}`}
                      w={120}
                      min={0}
                      decimalScale={3}
                      value={(field.value as number | string | undefined) ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={visibleFieldError(fieldState, formState.isSubmitted)}
                    />
                  )}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove product ${index + 1}`}
                  onClick={() => items.remove(index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {itemsError && (
              <Text c="red" size="sm" role="alert">
                {itemsError}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => items.append({ product: null, quantity: 1 })}
              >
                Add Product
              </Button>
            </Group>
          </Stack>
          <Group grow align="flex-start">
            <NumberField
              control={form.control}
              name="selling_price"
              label="Selling Price (₹, tax inclusive)"
              required
              min={0}
              decimalScale={2}
            />
            <NumberField
              control={form.control}
              name="mrp"
              label="MRP (₹)"
              description="Blank: the items' MRPs × quantities"
              min={0}
              decimalScale={2}
            />
          </Group>
          <SwitchField control={form.control} name="is_active" label="Active" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {bundle ? 'Save' : 'Create Grouped Product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
