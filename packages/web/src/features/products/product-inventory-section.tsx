import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { maxQuantityLabel } from '@b2b/domain/products';
import { Alert, SimpleGrid } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Control, useWatch } from 'react-hook-form';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { activeWarehousesQuery, type Warehouse } from '../warehouses/warehouses.api';
import type { ProductFormValues } from './product-form.schema';
import { FieldRow, ProductFormSection } from './product-form-section';
import { RUPEE_INPUT } from './product-pricing-section';
import type { Product } from './products.api';

const QUANTITY_INPUT = {
  decimalScale: 3,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  allowNegative: false,
  hideControls: true,
  min: 0,
} as const;

/** Warehouses grouped by their branch, as the drop-down shows them. */
export function warehouseOptions(warehouses: readonly Warehouse[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const warehouse of warehouses) {
    const items = groups.get(warehouse.branch.name) ?? [];
    items.push({ value: String(warehouse.id), label: warehouse.name });
    groups.set(warehouse.branch.name, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The hint under the purchase limit: 0 is the full available stock. */
export function maxQuantityHint(value: unknown): string {
  const n = typeof value === 'number' ? value : 0;
  return n === 0
    ? `${maxQuantityLabel(0)}: a buyer may order the full available stock (0).`
    : `A buyer may order at most ${formatQuantity(n)} in one order; 0 means unlimited.`;
}

export interface ProductInventorySectionProps {
  companyId: number;
  control: Control<ProductFormValues>;
  product: Product | null;
}

/** Opening stock (new products only), reorder point, purchase limit, priority and buyer switches. */
export function ProductInventorySection({ companyId, control, product }: ProductInventorySectionProps) {
  const creating = product === null;
  const warehouses = useQuery({ ...activeWarehousesQuery(companyId), enabled: creating });
  const [openingStock, maxQuantity] = useWatch({
    control,
    name: ['opening_stock', 'max_quantity_per_transaction'],
  });
  const stockComing = typeof openingStock === 'number' && openingStock > 0;

  return (
    <ProductFormSection id="product-inventory">
      {creating ? (
        <FieldRow cols={3}>
          <SelectField
            control={control}
            name="warehouse"
            label="Warehouse"
            required={stockComing}
            placeholder={warehouses.isLoading ? 'Loading warehouses…' : 'Choose a warehouse'}
            description={warehouses.isError ? 'Failed to load warehouses.' : 'Receives the opening stock.'}
            data={warehouseOptions(warehouses.data?.results ?? [])}
            clearable
            nothingFoundMessage="No active warehouse"
          />
          <NumberField
            control={control}
            name="opening_stock"
            label="Opening Stock"
            placeholder="1,000"
            description="Set once, when the product is created."
            {...QUANTITY_INPUT}
          />
          <NumberField
            control={control}
            name="opening_rate"
            label="Opening Rate"
            placeholder="₹1,000"
            description="Cost of one unit of the opening stock."
            {...RUPEE_INPUT}
          />
        </FieldRow>
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Opening stock">
          {product.opening_stock > 0
            ? `${formatQuantity(product.opening_stock)} received in ${product.warehouse?.name ?? 'a warehouse'}${
                product.opening_rate === null ? '' : ` at ${formatMoney(product.opening_rate)} each`
              } when the product was created. `
            : 'None was entered when the product was created. '}
          The opening stock cannot change afterwards; stock moves through inventory adjustments.
        </Alert>
      )}
      <FieldRow cols={3}>
        <NumberField
          control={control}
          name="reorder_point"
          label="Reorder Point"
          placeholder="100"
          description="Stock at which to order more."
          {...QUANTITY_INPUT}
        />
        <NumberField
          control={control}
          name="max_quantity_per_transaction"
          label="Max Quantity per Transaction"
          description={maxQuantityHint(maxQuantity)}
          {...QUANTITY_INPUT}
        />
        <NumberField
          control={control}
          name="priority"
          label="Priority"
          description="A lower value means a higher priority."
          decimalScale={0}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          min={0}
        />
      </FieldRow>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <SwitchField
          control={control}
          name="expose_inventory"
          label="Expose Inventory"
          description="Buyers see the available quantity."
        />
        <SwitchField
          control={control}
          name="is_visible_to_buyer"
          label="Visible to Buyers"
          description="Admin users still see and order hidden products."
        />
        <SwitchField
          control={control}
          name="allow_back_ordering"
          label="Allow Back-ordering"
          description="Orders may exceed the available stock."
        />
        <SwitchField
          control={control}
          name="tracks_serial_numbers"
          label="Track serial numbers"
          description="Each unit gets a serial number when it comes in; invoices name the units sold."
        />
      </SimpleGrid>
    </ProductFormSection>
  );
}
