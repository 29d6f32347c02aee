import { todayInIndia } from '@b2b/domain/api/inventory-adjustments';
import {
  directionHint,
  INVENTORY_ADJUSTMENT_REASON_OPTIONS,
  type InventoryAdjustmentReason,
  reasonDirection,
  signedAdjustmentQuantity,
} from '@b2b/domain/inventory-adjustments';
import { formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Control, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { DayField } from '../../components/day-field';
import { EntitySelect, type EntitySource } from '../../components/entity-select';
import { visibleFieldError } from '../../components/field-error';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { type ProductSummary, productPickerQuery, productQuery } from '../products/products.api';
import { LineSerialNumbersRow } from '../serial-numbers/line-serial-numbers';
import { useBatchConfiguration } from '../stock-batches/stock-batches.api';
import { activeWarehousesQuery } from '../warehouses/warehouses.api';
import {
  type AdjustmentFormOutput,
  type AdjustmentFormValues,
  adjustmentBody,
  adjustmentFormSchema,
  emptyAdjustmentForm,
  emptyLine,
  formFieldOf,
  LINE_SERVER_FIELD,
  SERVER_FIELDS,
} from './inventory-adjustment-form.schema';
import { type InventoryAdjustment, useCreateInventoryAdjustment } from './inventory-adjustments.api';
import { LineBatchFields } from './line-batch-fields';

/** Products for the line picker: the company's products searched on the server, ten at a time. */
export const productSource = (companyId: number): EntitySource<ProductSummary> => ({
  search: (search) => productPickerQuery(companyId, search),
  one: productQuery as EntitySource<ProductSummary>['one'],
  noun: 'product',
});

/** Stock on hand of a product in one warehouse, from the product's stock by branch and warehouse. */
export function stockInWarehouse(
  product: {
    stock?: { stock_by_branches: { stock_by_warehouses: { id: number; available_stock: number }[] }[] };
  },
  warehouseId: number,
): number {
  for (const branch of product.stock?.stock_by_branches ?? []) {
    const found = branch.stock_by_warehouses.find((w) => w.id === warehouseId);
    if (found) return found.available_stock;
  }
  return 0;
}

function ProductField({
  control,
  index,
  companyId,
}: {
  control: Control<AdjustmentFormValues>;
  index: number;
  companyId: number;
}) {
  const { field, fieldState, formState } = useController({ control, name: `lines.${index}.product` });
  return (
    <EntitySelect
      source={productSource(companyId)}
      label={`Product ${index + 1}`}
      placeholder="Search products by name or SKU"
      value={field.value ?? null}
      onChange={(id) => {
        field.onChange(id);
        field.onBlur();
      }}
      onBlur={field.onBlur}
      includeInactive
      required
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

/** Current stock in the chosen warehouse and the stock the line leaves behind. */
function LineStock({
  control,
  index,
  warehouseId,
  reason,
}: {
  control: Control<AdjustmentFormValues>;
  index: number;
  warehouseId: number | null;
  reason: InventoryAdjustmentReason | null;
}) {
  const productId = useWatch({ control, name: `lines.${index}.product` });
  const quantity = useWatch({ control, name: `lines.${index}.quantity` });
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId != null });
  if (productId == null || warehouseId === null) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (!product.data) {
    return (
      <Text size="sm" c="dimmed">
        {product.isError ? 'Stock not available' : 'Reading stock…'}
      </Text>
    );
  }
  const current = stockInWarehouse(product.data, warehouseId);
  const amount = Number(quantity);
  const valid = reason !== null && quantity !== '' && Number.isFinite(amount) && amount > 0;
  const after = valid ? roundQuantity(current + signedAdjustmentQuantity(reason, amount)) : null;
  return (
    <Stack gap={0}>
      <Text size="sm" aria-label={`Current stock of line ${index + 1}`}>
        Current stock: {formatQuantity(current)}
      </Text>
      {after !== null && (
        <Text size="sm" c={after < 0 ? 'red' : 'dimmed'} aria-label={`Resulting stock of line ${index + 1}`}>
          After: {formatQuantity(after)}
          {after < 0 ? ' (not enough stock)' : ''}
        </Text>
      )}
    </Stack>
  );
}

/** 'New Adjustment': warehouse, reason, date, notes and one or many product lines. */
export function InventoryAdjustmentForm({
  companyId,
  onSaved,
  onCancel,
}: {
  companyId: number;
  onSaved: (adjustment: InventoryAdjustment) => void;
  onCancel: () => void;
}) {
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const create = useCreateInventoryAdjustment(companyId);
  const form = useForm<AdjustmentFormValues, unknown, AdjustmentFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(adjustmentFormSchema),
    defaultValues: emptyAdjustmentForm(),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const batches = useBatchConfiguration(companyId);
  const warehouse = useWatch({ control: form.control, name: 'warehouse' });
  const reason = useWatch({ control: form.control, name: 'reason' }) as InventoryAdjustmentReason | null;
  const hint = reason ? directionHint(reasonDirection(reason)) : null;
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await create.mutateAsync(adjustmentBody(values)));
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [serverField, messages] of Object.entries(error.errors)) {
        const field = formFieldOf(serverField);
        const known = (SERVER_FIELDS as readonly string[]).includes(field) || LINE_SERVER_FIELD.test(field);
        if (known && messages[0]) form.setError(field as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New Adjustment">
      <Stack gap="lg">
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              control={form.control}
              name="warehouse"
              label="Warehouse"
              required
              searchable
              placeholder={warehouses.isLoading ? 'Loading warehouses…' : 'Select a warehouse'}
              data={(warehouses.data?.results ?? []).map((w) => ({
                value: String(w.id),
                label: `${w.name} (${w.branch.name})`,
              }))}
            />
            <SelectField
              control={form.control}
              name="reason"
              label="Reason"
              required
              placeholder="Select a reason"
              data={INVENTORY_ADJUSTMENT_REASON_OPTIONS}
            />
            <DayField
              control={form.control}
              name="adjusted_on"
              label="Adjustment Date"
              required
              maxDate={todayInIndia()}
            />
            <TextareaField control={form.control} name="notes" label="Notes" minRows={2} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={4}>Products</Title>
              {hint && (
                <Badge color={hint.startsWith('+') ? 'teal' : 'red'} variant="light" aria-label="Direction">
                  {hint}
                </Badge>
              )}
            </Group>
            {!reason && (
              <Text size="sm" c="dimmed">
                Choose a reason: losses take stock out, finds, repairs and returns bring it in.
              </Text>
            )}
            <Table verticalSpacing="sm">
              <Table.Tbody>
                {lines.fields.map((line, index) => [
                  <Table.Tr key={line.id}>
                    <Table.Td w="45%">
                      <ProductField control={form.control} index={index} companyId={companyId} />
                    </Table.Td>
                    <Table.Td w="20%">
                      <NumberField
                        control={form.control}
                        name={`lines.${index}.quantity`}
                        label={`Quantity ${index + 1}`}
                        required
                        min={0}
                        decimalScale={3}
                        allowNegative={false}
                        leftSection={
                          hint ? (
                            <Text size="sm" fw={600} c={hint.startsWith('+') ? 'teal' : 'red'}>
                              {hint.startsWith('+') ? '+' : '−'}
                            </Text>
                          ) : undefined
                        }
                        description={hint ?? undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <LineStock
                        control={form.control}
                        index={index}
                        warehouseId={warehouse ? Number(warehouse) : null}
                        reason={reason}
                      />
                    </Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove line ${index + 1}`}
                        disabled={lines.fields.length === 1}
                        onClick={() => lines.remove(index)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>,
                  batches.enabled && reason ? (
                    <Table.Tr key={`${line.id}-batch`} style={{ borderTop: 0 }}>
                      <Table.Td colSpan={4} pt={0}>
                        <LineBatchFields
                          control={form.control}
                          setValue={form.setValue}
                          index={index}
                          direction={reasonDirection(reason)}
                          warehouseId={warehouse ? Number(warehouse) : null}
                          mandatory={batches.mandatory}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ) : null,
                  <LineSerialNumbersRow
                    key={`${line.id}-serials`}
                    control={form.control}
                    productName={`lines.${index}.product`}
                    quantityName={`lines.${index}.quantity`}
                    textName={`lines.${index}.serial_numbers_text`}
                    colSpan={4}
                  />,
                ])}
              </Table.Tbody>
            </Table>
            {linesError && (
              <Text size="sm" c="red">
                {linesError}
              </Text>
            )}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              w="fit-content"
              onClick={() => lines.append(emptyLine())}
            >
              Add Line
            </Button>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
