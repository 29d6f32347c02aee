import { DELIVERY_CHALLAN_MESSAGES as M } from '@b2b/domain/api/delivery-challans';
import { DELIVERY_CHALLAN_PURPOSE_OPTIONS, isInternalChallan } from '@b2b/domain/delivery-challans';
import { formatAddress, formatMoney, formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { todayInIndia } from '@b2b/domain/validation';
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
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type Control,
  type UseFormSetValue,
  useController,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { DayField } from '../../components/day-field';
import { EntitySelect } from '../../components/entity-select';
import { visibleFieldError } from '../../components/field-error';
import { Money } from '../../components/money';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { type BuyerDetail, buyerQuery } from '../buyers/buyers.api';
import { productQuery } from '../products/products.api';
import { buyerSource } from '../quotations/quotation-party-fields';
import { activeWarehousesQuery, warehouseInventoryQuery } from '../warehouses/warehouses.api';
import {
  CHALLAN_LINE_SERVER_FIELD,
  CHALLAN_SERVER_FIELDS,
  type ChallanFormOutput,
  type ChallanFormValues,
  challanBody,
  challanFormSchema,
  emptyChallanForm,
  emptyChallanLine,
  lineValue,
  NOTES_MAX,
  REFERENCE_MAX,
  VEHICLE_MAX,
} from './delivery-challan-form.schema';
import { type DeliveryChallan, useCreateDeliveryChallan } from './delivery-challans.api';

type FormControl = Control<ChallanFormValues>;

const ADDRESS_TYPES: Record<string, string> = { billing_address: 'Billing', shipping_address: 'Shipping' };

const addressOptions = (buyer: BuyerDetail | undefined) =>
  (buyer?.addresses ?? []).map((address) => ({
    value: String(address.id),
    label: `${ADDRESS_TYPES[address.address_type] ?? 'Address'}: ${formatAddress(address)}, ${address.city}, ${address.state.name} ${address.pincode}`,
  }));

/** The buyer picker: a buyer picked now brings their shipping address (the server's default too). */
function BuyerField({
  control,
  setValue,
  companyId,
}: {
  control: FormControl;
  setValue: UseFormSetValue<ChallanFormValues>;
  companyId: number;
}) {
  const { field, fieldState, formState } = useController({ control, name: 'buyer' });
  const buyer = useQuery({ ...buyerQuery(field.value ?? 0), enabled: field.value !== null });
  const picked = useRef(false);
  useEffect(() => {
    if (!picked.current || !buyer.data || buyer.data.id !== field.value) return;
    picked.current = false;
    const address =
      buyer.data.addresses.find((a) => a.address_type === 'shipping_address') ?? buyer.data.addresses[0];
    setValue('buyer_address', address ? String(address.id) : null, { shouldDirty: true });
  }, [buyer.data, field.value, setValue]);
  const gstin = buyer.data?.gst_number;
  return (
    <EntitySelect
      source={buyerSource(companyId)}
      label="Buyer"
      placeholder="Search buyers by name, phone or GSTIN"
      value={field.value ?? null}
      onChange={(id) => {
        picked.current = id !== null;
        field.onChange(id);
        if (id === null) setValue('buyer_address', null);
        field.onBlur();
      }}
      onBlur={field.onBlur}
      description={buyer.data ? (gstin ? `GSTIN: ${gstin}` : 'Unregistered buyer (no GSTIN)') : undefined}
      required
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

function AddressField({ control }: { control: FormControl }) {
  const buyerId = useWatch({ control, name: 'buyer' });
  const buyer = useQuery({ ...buyerQuery(buyerId ?? 0), enabled: buyerId !== null });
  const options = addressOptions(buyer.data);
  const noAddress = buyer.data && options.length === 0;
  return (
    <SelectField
      control={control}
      name="buyer_address"
      label="Delivery Address"
      data={options}
      placeholder={
        buyerId === null
          ? 'Choose a buyer first'
          : buyer.isLoading
            ? 'Loading addresses…'
            : 'Select an address'
      }
      description={noAddress ? M.buyer_has_no_address : undefined}
      nothingFoundMessage="The buyer has no address"
    />
  );
}

/** Sellable stock: on hand minus what confirmed orders have committed. */
const sellable = (row: { available_stock: number; df_quantity: number }) =>
  roundQuantity(row.available_stock - row.df_quantity);

/** A product of the sending warehouse, searched on the server, each option with its sellable stock there. */
function ProductField({
  control,
  index,
  warehouseId,
}: {
  control: FormControl;
  index: number;
  warehouseId: number | null;
}) {
  const { field, fieldState, formState } = useController({ control, name: `items.${index}.product` });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const query = chosen && debounced === chosen.label ? '' : debounced.trim();
  const rows = useQuery({
    ...warehouseInventoryQuery(warehouseId ?? 0, { search: query, limit: 10, offset: 0 }),
    enabled: warehouseId !== null,
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
      placeholder={
        warehouseId === null ? 'Choose the sending warehouse first' : 'Search products by name or SKU'
      }
      disabled={warehouseId === null}
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

/** 'New Challan': why the goods go, from where, to whom, and which products. */
export function DeliveryChallanForm({
  companyId,
  onSaved,
  onCancel,
}: {
  companyId: number;
  onSaved: (challan: DeliveryChallan) => void;
  onCancel: () => void;
}) {
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const create = useCreateDeliveryChallan(companyId);
  const form = useForm<ChallanFormValues, unknown, ChallanFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(challanFormSchema),
    defaultValues: emptyChallanForm(),
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const purpose = useWatch({ control: form.control, name: 'purpose' });
  const warehouse = useWatch({ control: form.control, name: 'warehouse' });
  const items = useWatch({ control: form.control, name: 'items' });
  const internal = purpose !== null && isInternalChallan(purpose);
  const products = useQueries({
    queries: items.map((item) => ({
      ...productQuery(item.product ?? 0),
      enabled: item.product !== null,
    })),
  });
  const priceOf = (index: number) =>
    items[index]?.product === null ? undefined : products[index]?.data?.selling_price;
  const values = items.map((item, index) => lineValue(item.quantity, item.rate, priceOf(index)));
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const linesError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const options = (warehouses.data?.results ?? []).map((w) => ({
    value: String(w.id),
    label: `${w.name} (${w.branch.name})`,
  }));
  const warehousePlaceholder = warehouses.isLoading ? 'Loading warehouses…' : 'Select a warehouse';

  const submit = form.handleSubmit(async (output) => {
    try {
      onSaved(await create.mutateAsync(challanBody(output)));
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [name, messages] of Object.entries(error.errors)) {
        const known =
          (CHALLAN_SERVER_FIELDS as readonly string[]).includes(name) || CHALLAN_LINE_SERVER_FIELD.test(name);
        if (known && messages[0]) form.setError(name as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New Challan">
      <Stack gap="lg">
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <SelectField
              control={form.control}
              name="purpose"
              label="Purpose"
              required
              placeholder="Why the goods go"
              data={DELIVERY_CHALLAN_PURPOSE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            />
            <SelectField
              control={form.control}
              name="warehouse"
              label="Sending Warehouse"
              required
              searchable
              placeholder={warehousePlaceholder}
              data={options}
              description="Its branch is the challan's seller branch"
            />
            {internal ? (
              <SelectField
                control={form.control}
                name="destination_warehouse"
                label="Receiving Warehouse"
                required
                searchable
                placeholder={warehousePlaceholder}
                data={options.filter((o) => o.value !== warehouse)}
              />
            ) : (
              <BuyerField control={form.control} setValue={form.setValue} companyId={companyId} />
            )}
            {!internal && <AddressField control={form.control} />}
            <DayField
              control={form.control}
              name="challan_date"
              label="Challan Date"
              maxDate={todayInIndia()}
            />
            <TextField
              control={form.control}
              name="reference_number"
              label="Reference Number"
              maxLength={REFERENCE_MAX}
            />
            <TextField
              control={form.control}
              name="vehicle_number"
              label="Vehicle Number"
              maxLength={VEHICLE_MAX}
              placeholder="MH01AB1234"
            />
            <TextareaField control={form.control} name="notes" label="Notes" rows={1} maxLength={NOTES_MAX} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Products</Title>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" aria-label="Challan lines">
                <Table.Tbody>
                  {lines.fields.map((row, index) => {
                    const price = priceOf(index);
                    return (
                      <Table.Tr key={row.id}>
                        <Table.Td w="45%">
                          <ProductField
                            key={warehouse ?? 'none'}
                            control={form.control}
                            index={index}
                            warehouseId={warehouse ? Number(warehouse) : null}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberField
                            control={form.control}
                            name={`items.${index}.quantity`}
                            label={`Quantity ${index + 1}`}
                            required
                            min={0}
                            decimalScale={3}
                            allowNegative={false}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberField
                            control={form.control}
                            name={`items.${index}.rate`}
                            label={`Rate ${index + 1}`}
                            leftSection="₹"
                            min={0}
                            decimalScale={2}
                            allowNegative={false}
                            placeholder={price === undefined ? 'Selling price' : String(price)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Stack gap={4}>
                            <Text size="sm" fw={500}>
                              Value
                            </Text>
                            <Text size="sm" pt={6} aria-label={`Value ${index + 1}`}>
                              {values[index] === null ? '—' : <Money value={values[index]} />}
                            </Text>
                          </Stack>
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
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {linesError && (
              <Text size="sm" c="red">
                {linesError}
              </Text>
            )}
            <Group justify="space-between">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => lines.append(emptyChallanLine())}
              >
                Add Line
              </Button>
              <Text fw={500} aria-label="Total value">
                Total Value: {formatMoney(total)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              A rate left blank is the product's selling price (tax inclusive). The goods leave the sending
              warehouse when the challan is created.
            </Text>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Challan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
