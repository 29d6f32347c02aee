import {
  INVENTORY_TRANSFER_MAX_LINES,
  INVENTORY_TRANSFER_NOTES_MAX,
  INVENTORY_TRANSFER_MESSAGES as M,
} from '@b2b/domain/api/inventory-transfers';
import { QUANTITY_MAX } from '@b2b/domain/api/products';
import { formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { isPositiveNumber, maxDecimals, maxLengthMessage, numberField } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { visibleFieldError } from '../../components/field-error';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { activeWarehousesQuery, warehouseInventoryQuery } from '../warehouses/warehouses.api';
import {
  type InventoryTransfer,
  type InventoryTransferBody,
  useCreateInventoryTransfer,
} from './inventory-transfers.api';

const line = z.object({
  product: z.number({ error: M.product_required }).int().positive(M.product_required).nullable(),
  quantity: numberField(
    [
      [isPositiveNumber, M.quantity_positive],
      [(v) => Number(v) > 0, M.quantity_positive],
      [(v) => maxDecimals(v, 3), M.quantity_decimals],
      [(v) => Number(v) <= QUANTITY_MAX, M.quantity_max],
    ],
    M.quantity_required,
  ),
});

export const transferFormSchema = z
  .object({
    source_warehouse: z.string({ error: M.source_required }).min(1, M.source_required).nullable(),
    destination_warehouse: z
      .string({ error: M.destination_required })
      .min(1, M.destination_required)
      .nullable(),
    notes: z.string().max(INVENTORY_TRANSFER_NOTES_MAX, maxLengthMessage(INVENTORY_TRANSFER_NOTES_MAX)),
    lines: z.array(line).min(1, M.lines_required).max(INVENTORY_TRANSFER_MAX_LINES, M.too_many_lines),
  })
  .superRefine((value, ctx) => {
    if (value.source_warehouse === null) {
      ctx.addIssue({ code: 'custom', message: M.source_required, path: ['source_warehouse'] });
    }
    if (value.destination_warehouse === null) {
      ctx.addIssue({ code: 'custom', message: M.destination_required, path: ['destination_warehouse'] });
    } else if (value.destination_warehouse === value.source_warehouse) {
      ctx.addIssue({ code: 'custom', message: M.same_warehouse, path: ['destination_warehouse'] });
    }
    const seen = new Set<number>();
    value.lines.forEach((l, index) => {
      if (l.product === null) {
        ctx.addIssue({ code: 'custom', message: M.product_required, path: ['lines', index, 'product'] });
      } else if (seen.has(l.product)) {
        ctx.addIssue({ code: 'custom', message: M.product_repeated, path: ['lines', index, 'product'] });
      } else {
        seen.add(l.product);
      }
    });
  });

export type TransferFormValues = z.input<typeof transferFormSchema>;
export type TransferFormOutput = z.output<typeof transferFormSchema>;

const emptyLine = (): TransferFormValues['lines'][number] => ({ product: null, quantity: '' });

export function transferBody(values: TransferFormOutput): InventoryTransferBody {
  return {
    source_warehouse: Number(values.source_warehouse),
    destination_warehouse: Number(values.destination_warehouse),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    lines: values.lines.map((l) => ({ product: l.product as number, quantity: l.quantity })),
  };
}

const SERVER_FIELDS = ['source_warehouse', 'destination_warehouse', 'notes', 'lines'];

/** Sellable stock: on hand minus what confirmed orders have committed. */
export const sellable = (row: { available_stock: number; df_quantity: number }) =>
  roundQuantity(row.available_stock - row.df_quantity);

/**
 * A product of the source warehouse, searched on the server, each option with its sellable stock
 * there; the chosen product keeps its label when the search moves on.
 */
function SourceProductField({
  control,
  index,
  sourceId,
}: {
  control: Control<TransferFormValues>;
  index: number;
  sourceId: number | null;
}) {
  const { field, fieldState, formState } = useController({ control, name: `lines.${index}.product` });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const query = chosen && debounced === chosen.label ? '' : debounced.trim();
  const rows = useQuery({
    ...warehouseInventoryQuery(sourceId ?? 0, { search: query, limit: 10, offset: 0 }),
    enabled: sourceId !== null,
  });
  const options = (rows.data?.results ?? [])
    .filter((row) => row.product.is_active)
    .map((row) => ({
      value: String(row.product.id),
      label: `${row.product.name}${row.product.sku ? ` (${row.product.sku})` : ''} — ${formatQuantity(sellable(row))} sellable`,
    }));
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={`Product ${index + 1}`}
      placeholder={sourceId === null ? 'Choose the source warehouse first' : 'Search products by name or SKU'}
      disabled={sourceId === null}
      searchable
      withAsterisk
      data={options}
      value={field.value == null ? null : String(field.value)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={rows.isFetching ? 'Searching…' : 'No product with stock found'}
      onChange={(value, option) => {
        setChosen(value && option ? { value, label: option.label } : null);
        field.onChange(value ? Number(value) : null);
        field.onBlur();
      }}
      onBlur={field.onBlur}
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

/** 'New Transfer': source, destination, notes and product lines (a draft; dispatched from its page). */
export function InventoryTransferForm({
  companyId,
  onSaved,
  onCancel,
}: {
  companyId: number;
  onSaved: (transfer: InventoryTransfer) => void;
  onCancel: () => void;
}) {
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const create = useCreateInventoryTransfer(companyId);
  const form = useForm<TransferFormValues, unknown, TransferFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(transferFormSchema),
    defaultValues: { source_warehouse: null, destination_warehouse: null, notes: '', lines: [emptyLine()] },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const source = useWatch({ control: form.control, name: 'source_warehouse' });
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;
  const options = (warehouses.data?.results ?? []).map((w) => ({
    value: String(w.id),
    label: `${w.name} (${w.branch.name})`,
  }));

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await create.mutateAsync(transferBody(values)));
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [name, messages] of Object.entries(error.errors)) {
        const known = SERVER_FIELDS.includes(name) || /^lines\.\d+\.(product|quantity)$/.test(name);
        if (known && messages[0]) form.setError(name as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New Transfer">
      <Stack gap="lg">
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              control={form.control}
              name="source_warehouse"
              label="Source Warehouse"
              required
              searchable
              placeholder={warehouses.isLoading ? 'Loading warehouses…' : 'Select a warehouse'}
              data={options}
            />
            <SelectField
              control={form.control}
              name="destination_warehouse"
              label="Destination Warehouse"
              required
              searchable
              placeholder={warehouses.isLoading ? 'Loading warehouses…' : 'Select a warehouse'}
              data={options}
            />
            <TextareaField control={form.control} name="notes" label="Notes" minRows={2} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Products</Title>
            <Table verticalSpacing="sm">
              <Table.Tbody>
                {lines.fields.map((row, index) => (
                  <Table.Tr key={row.id}>
                    <Table.Td w="60%">
                      <SourceProductField
                        key={source ?? 'none'}
                        control={form.control}
                        index={index}
                        sourceId={source ? Number(source) : null}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        control={form.control}
                        name={`lines.${index}.quantity`}
                        label={`Quantity ${index + 1}`}
                        required
                        min={0}
                        decimalScale={3}
                        allowNegative={false}
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
                  </Table.Tr>
                ))}
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
            Create Transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
