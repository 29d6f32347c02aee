import { formatQuantity } from '@b2b/domain/money';
import { displayedStock } from '@b2b/domain/products';
import { ActionIcon, Button, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type Control,
  type UseFieldArrayReturn,
  type UseFormSetValue,
  useController,
  useWatch,
} from 'react-hook-form';
import { EntitySelect, type EntitySource } from '../../components/entity-select';
import { visibleFieldError } from '../../components/field-error';
import { Money } from '../../components/money';
import { NumberField } from '../../components/number-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { useBuyerPriceOf } from '../bids/bids.api';
import {
  type Product,
  type ProductSummary,
  productPickerQuery,
  productQuery,
} from '../products/products.api';
import { QuickProductDialog } from '../products/quick-product-dialog';
import { activeWarehousesQuery, type Warehouse } from '../warehouses/warehouses.api';
import { emptyItem, type QuotationFormValues } from './quotation-form.schema';

const productSource = (companyId: number): EntitySource<ProductSummary> => ({
  search: (search) => productPickerQuery(companyId, search),
  one: productQuery as EntitySource<ProductSummary>['one'],
  noun: 'product',
});

/** A product's stock in a warehouse as the spec displays it (on hand against committed). */
const stockIn = (product: Product | undefined, warehouse: Warehouse) =>
  product ? displayedStock(product.stock, warehouse.branch.id, warehouse.id) : null;

/** The warehouse to take a new line from: the one with the most stock (the first when none has any). */
function fullestWarehouse(product: Product, warehouses: readonly Warehouse[]): Warehouse | undefined {
  return [...warehouses].sort((a, b) => (stockIn(product, b) ?? 0) - (stockIn(product, a) ?? 0))[0];
}

interface LineProps {
  control: Control<QuotationFormValues>;
  setValue: UseFormSetValue<QuotationFormValues>;
  index: number;
  companyId: number;
  warehouses: readonly Warehouse[];
  amount: number | null;
  onRemove?: () => void;
}

function ProductField({ control, setValue, index, companyId, warehouses }: Omit<LineProps, 'amount'>) {
  const { field, fieldState, formState } = useController({ control, name: `items.${index}.product` });
  const product = useQuery({ ...productQuery(field.value ?? 0), enabled: field.value !== null });
  // A product picked now brings its selling price (tax inclusive) and its fullest warehouse; then
  // the buyer's price where its buyer groups have a lower one (domain buyer-prices.ts).
  const picked = useRef(false);
  const buyer = useWatch({ control, name: 'buyer' });
  const buyerPriceOf = useBuyerPriceOf();
  useEffect(() => {
    if (!picked.current || !product.data || product.data.id !== field.value) return;
    picked.current = false;
    const options = { shouldDirty: true, shouldValidate: true };
    setValue(`items.${index}.rate`, product.data.selling_price, options);
    const sellingPrice = product.data.selling_price;
    if (buyer !== null) {
      void buyerPriceOf(buyer, product.data.id).then((price) => {
        if (price !== null && price !== sellingPrice) setValue(`items.${index}.rate`, price, options);
      });
    }
    const warehouse = fullestWarehouse(product.data, warehouses);
    if (warehouse) setValue(`items.${index}.warehouse`, String(warehouse.id), options);
  }, [product.data, field.value, warehouses, index, setValue, buyer, buyerPriceOf]);
  // '+ New Product' opens a short product form (with the name searched); the product created
  // there fills this line.
  const [creating, setCreating] = useState<string | null>(null);
  const canCreate = canPerform(useCurrentUser(), 'add_product');

  return (
    <>
      {creating !== null && (
        <QuickProductDialog
          companyId={companyId}
          name={creating}
          onClose={() => setCreating(null)}
          onCreated={(created) => {
            picked.current = true;
            field.onChange(created.id);
            field.onBlur();
          }}
        />
      )}
      <EntitySelect
        source={productSource(companyId)}
        label={`Product ${index + 1}`}
        placeholder="Search products by name or SKU"
        value={field.value ?? null}
        onChange={(id) => {
          picked.current = id !== null;
          field.onChange(id);
          field.onBlur();
        }}
        onBlur={field.onBlur}
        description={
          product.data?.hsn ? `HSN ${product.data.hsn} · GST ${product.data.tax?.rate ?? 0}%` : undefined
        }
        required
        error={visibleFieldError(fieldState, formState.isSubmitted)}
        create={canCreate ? { label: '+ New Product', onCreate: setCreating } : undefined}
      />
    </>
  );
}

/** The warehouse of a line, each option with the product's stock there. */
function WarehouseField({ control, index, warehouses }: Pick<LineProps, 'control' | 'index' | 'warehouses'>) {
  const { field, fieldState, formState } = useController({ control, name: `items.${index}.warehouse` });
  const productId = useWatch({ control, name: `items.${index}.product` });
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId !== null });
  const chosen = warehouses.find((w) => String(w.id) === field.value);
  const chosenStock = chosen ? stockIn(product.data, chosen) : null;
  return (
    <Select
      label="Warehouse"
      aria-label={`Warehouse ${index + 1}`}
      withAsterisk
      placeholder="Select a warehouse"
      data={warehouses.map((w) => {
        const stock = stockIn(product.data, w);
        return {
          value: String(w.id),
          label: `${w.name} (${w.branch.name})${stock === null ? '' : ` · ${formatQuantity(stock)} in stock`}`,
        };
      })}
      value={field.value ?? null}
      onChange={(value) => {
        field.onChange(value);
        field.onBlur();
      }}
      onBlur={field.onBlur}
      ref={field.ref}
      description={chosenStock === null ? undefined : `In stock: ${formatQuantity(chosenStock)}`}
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

function ItemLine(props: LineProps) {
  const { control, index, amount, onRemove } = props;
  return (
    <Grid columns={24} gap="sm" align="flex-start" aria-label={`Line ${index + 1}`} role="group">
      <Grid.Col span={{ base: 24, md: 12, lg: 6 }}>
        <ProductField {...props} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 12, lg: 6 }}>
        <WarehouseField control={control} index={index} warehouses={props.warehouses} />
      </Grid.Col>
      <Grid.Col span={{ base: 8, lg: 3 }}>
        <NumberField
          control={control}
          name={`items.${index}.rate`}
          label="Rate (incl. tax)"
          aria-label={`Rate ${index + 1}`}
          required
          leftSection="₹"
          min={0}
          decimalScale={2}
          allowNegative={false}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 8, lg: 2 }}>
        <NumberField
          control={control}
          name={`items.${index}.discount`}
          label="Discount %"
          aria-label={`Discount ${index + 1}`}
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 8, lg: 3 }}>
        <NumberField
          control={control}
          name={`items.${index}.quantity`}
          label="Quantity"
          aria-label={`Quantity ${index + 1}`}
          required
          min={0}
          decimalScale={3}
          allowNegative={false}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 20, lg: 3 }}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Amount
          </Text>
          <Text size="sm" pt={6} aria-label={`Amount ${index + 1}`}>
            {amount === null ? '—' : <Money value={amount} />}
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 4, lg: 1 }} pt={32}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove line ${index + 1}`}
          disabled={!onRemove}
          onClick={onRemove}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Grid.Col>
    </Grid>
  );
}

/** The products of the order: one line per product and warehouse, added and removed freely. */
export function QuotationItems({
  control,
  setValue,
  companyId,
  items,
  lineAmounts,
  error,
}: {
  control: Control<QuotationFormValues>;
  setValue: UseFormSetValue<QuotationFormValues>;
  companyId: number;
  items: UseFieldArrayReturn<QuotationFormValues, 'items'>;
  lineAmounts: readonly (number | null)[];
  error?: string;
}) {
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const active = warehouses.data?.results ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Products</Title>
          <Text size="xs" c="dimmed">
            Rates include GST; the stock shown is each warehouse's.
          </Text>
        </Group>
        {items.fields.map((line, index) => (
          <ItemLine
            key={line.id}
            control={control}
            setValue={setValue}
            index={index}
            companyId={companyId}
            warehouses={active}
            amount={lineAmounts[index] ?? null}
            onRemove={items.fields.length > 1 ? () => items.remove(index) : undefined}
          />
        ))}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() => items.append(emptyItem())}
        >
          Add Line
        </Button>
      </Stack>
    </Card>
  );
}
