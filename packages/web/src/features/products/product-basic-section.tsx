import { PRODUCT_NAME_MAX } from '@b2b/domain/api/products';
import { MAX_LENGTH } from '@b2b/domain/validation';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { CategoryTreeSelectField } from '../../components/category-tree-select-field';
import { EntitySelectField } from '../../components/entity-select-field';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { BrandFormDialog } from '../brands/brand-form-dialog';
import { BrandSelectField } from '../brands/brand-select-field';
import { buyerGroupSource } from '../buyer-groups/buyer-group-source';
import { categoryTreeQuery } from '../categories/categories.api';
import { CategoryFormDialog } from '../categories/category-form-dialog';
import { salesChannelsQuery, unitsQuery } from '../reference/reference.api';
import { UnitFormDialog } from '../reference/unit-form-dialog';
import { sellerSource } from '../sellers/seller-source';
import type { ProductFormValues } from './product-form.schema';
import { FieldRow, ProductFormSection } from './product-form-section';
import type { Product } from './products.api';

export interface ProductBasicSectionProps {
  companyId: number;
  control: Control<ProductFormValues>;
  /** The product being edited, or null for a new one. */
  product: Product | null;
}

/** Names, SKU, category, brand, unit, sales channel, UPC, weight and status. */
export function ProductBasicSection({ companyId, control, product }: ProductBasicSectionProps) {
  const user = useCurrentUser();
  const categories = useQuery(categoryTreeQuery(companyId));
  // '+ New Category' / '+ New Brand' / '+ New Unit': made here and chosen at once, without leaving
  // the form (issue 18).
  const [creating, setCreating] = useState<'category' | 'brand' | 'unit' | null>(null);
  const categoryField = useController({ control, name: 'category' }).field;
  const brandField = useController({ control, name: 'brand' }).field;
  const unitField = useController({ control, name: 'unit' }).field;
  const units = useQuery(unitsQuery(companyId));
  const channels = useQuery(salesChannelsQuery);
  const categoryId = useWatch({ control, name: 'category' });
  const rows = categories.data?.results;
  const chosen = rows?.find((category) => category.id === categoryId);
  // An inactive category is hidden from the tree: the product keeps it until another is chosen.
  const keptInactive =
    product && chosen && !chosen.is_active && categoryId === product.category.id
      ? `${chosen.name} is inactive; the product stays in it until you choose another category.`
      : undefined;

  return (
    <ProductFormSection id="product-basic">
      <TextField
        control={control}
        name="name"
        label="Product Name"
        required
        maxLength={PRODUCT_NAME_MAX}
        description="Unique in your company."
        data-autofocus
      />
      <FieldRow>
        <TextField
          control={control}
          name="display_name"
          label="Display Name"
          maxLength={PRODUCT_NAME_MAX}
          description="Shown to buyers instead of the product name."
        />
        <TextField
          control={control}
          name="sku"
          label="SKU"
          maxLength={MAX_LENGTH}
          description="Letters, digits, hyphen (-) and underscore (_)."
        />
      </FieldRow>
      <FieldRow>
        <WithNew
          label="New Category"
          allowed={canPerform(user, 'add_category')}
          onClick={() => setCreating('category')}
        >
          <CategoryTreeSelectField
            control={control}
            name="category"
            label="Category"
            required
            categories={rows ?? []}
            loading={categories.isLoading}
            hideInactive
            description={
              keptInactive ??
              (categories.isError ? 'Failed to load categories.' : 'Inactive categories cannot be chosen.')
            }
          />
        </WithNew>
        <WithNew
          label="New Brand"
          allowed={canPerform(user, 'add_brand')}
          onClick={() => setCreating('brand')}
        >
          <BrandSelectField control={control} name="brand" label="Brand" />
        </WithNew>
      </FieldRow>
      {creating === 'category' && (
        <CategoryFormDialog
          companyId={companyId}
          target={{ kind: 'create', parentId: null }}
          categories={rows ?? []}
          onClose={() => setCreating(null)}
          onSaved={(category) => categoryField.onChange(category.id)}
        />
      )}
      {creating === 'brand' && (
        <BrandFormDialog
          companyId={companyId}
          brand={null}
          onClose={() => setCreating(null)}
          onCreated={(brand) => brandField.onChange(brand.id)}
        />
      )}
      {creating === 'unit' && (
        <UnitFormDialog
          companyId={companyId}
          onClose={() => setCreating(null)}
          onCreated={(unit) => unitField.onChange(String(unit.id))}
        />
      )}
      <FieldRow>
        <WithNew label="New Unit" allowed={canPerform(user, 'add_unit')} onClick={() => setCreating('unit')}>
          <SelectField
            control={control}
            name="unit"
            label="Unit"
            placeholder={units.isLoading ? 'Loading units…' : 'Choose a unit'}
            data={(units.data?.results ?? []).map((unit) => ({
              value: String(unit.id),
              label: `${unit.name} (${unit.code})`,
            }))}
            searchable
            clearable
            nothingFoundMessage="No unit found"
          />
        </WithNew>
        <SelectField
          control={control}
          name="sales_channel"
          label="Sales Channel"
          placeholder="All channels"
          data={(channels.data?.results ?? []).map((channel) => ({
            value: String(channel.id),
            label: channel.display_name,
          }))}
          clearable
        />
      </FieldRow>
      <FieldRow>
        <TextField
          control={control}
          name="upc"
          label="UPC"
          maxLength={12}
          inputMode="numeric"
          description="12 digits."
        />
        <NumberField
          control={control}
          name="weight"
          label="Weight (kg)"
          min={0}
          decimalScale={3}
          allowNegative={false}
          hideControls
        />
      </FieldRow>
      <FieldRow>
        <EntitySelectField
          control={control}
          name="buyer_group"
          label="Buyer Group"
          source={buyerGroupSource(companyId)}
          description="Only buyers of this group see the product."
        />
        <EntitySelectField
          control={control}
          name="seller"
          label="Seller"
          source={sellerSource(companyId)}
          description="Who supplies the product."
        />
      </FieldRow>
      <SwitchField
        control={control}
        name="is_active"
        label="Active"
        description="An inactive product cannot be ordered."
      />
    </ProductFormSection>
  );
}

/** A picker with a small '+ New …' action under it, for users who may create that kind of thing. */
function WithNew({
  label,
  allowed,
  onClick,
  children,
}: {
  label: string;
  allowed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  if (!allowed) return children;
  return (
    <Stack gap={4}>
      {children}
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-xs" leftSection={<IconPlus size={12} />} onClick={onClick}>
          {label}
        </Button>
      </Group>
    </Stack>
  );
}
