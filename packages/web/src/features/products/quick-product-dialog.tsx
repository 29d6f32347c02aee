import { PRODUCT_NAME_MAX, productFields } from '@b2b/domain/api/products';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { submitHere } from '../../components/submit-here';
import { TextField } from '../../components/text-field';
import { categoryTreeQuery } from '../categories/categories.api';
import { unitsQuery } from '../reference/reference.api';
import { taxListQuery } from '../taxes/taxes.api';
import { activeWarehousesQuery, type Warehouse } from '../warehouses/warehouses.api';
import { type Product, useCreateProduct } from './products.api';

/** What a product needs to be sold today; the product's page holds the rest. */
const quickProductSchema = z.object({
  name: productFields.name,
  hsn: productFields.hsn,
  selling_price: productFields.selling_price,
  tax: productFields.tax,
  unit: productFields.unit,
  opening_stock: productFields.opening_stock,
  warehouse: productFields.warehouse,
});
type QuickProductValues = z.input<typeof quickProductSchema>;
const FIELDS = ['name', 'hsn', 'selling_price', 'tax', 'unit', 'opening_stock', 'warehouse'] as const;

/** The GST rate most goods carry, chosen for a new product when the company has it. */
const USUAL_GST_RATE = 18;

/**
 * '+ New Product' from a document's product picker: name, HSN/SAC, selling price (tax
 * inclusive, also its MRP), GST rate and unit; the product goes into the Root Category.
 */
export function QuickProductDialog({
  companyId,
  name,
  onClose,
  onCreated,
}: {
  companyId: number;
  /** What was searched for: the new product's name to start with. */
  name: string;
  onClose: () => void;
  onCreated: (product: Product) => void;
}) {
  const categories = useQuery(categoryTreeQuery(companyId));
  const taxes = useQuery(taxListQuery(companyId, { type: 'gst' }));
  const units = useQuery(unitsQuery(companyId));
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const root = categories.data?.results.find((category) => category.is_root);
  const error = categories.error ?? taxes.error ?? units.error ?? warehouses.error;
  return (
    <Modal opened onClose={onClose} title="New Product">
      {root && taxes.data && units.data && warehouses.data ? (
        <QuickProductForm
          companyId={companyId}
          name={name}
          categoryId={root.id}
          taxes={taxes.data.results.filter((tax) => tax.is_active)}
          units={units.data.results}
          warehouses={warehouses.data.results}
          onClose={onClose}
          onCreated={onCreated}
        />
      ) : error ? (
        <LoadErrorAlert
          error={error}
          onRetry={() =>
            Promise.all([categories.refetch(), taxes.refetch(), units.refetch(), warehouses.refetch()])
          }
          title="Failed to load."
        />
      ) : (
        <Loader aria-label="Loading" />
      )}
    </Modal>
  );
}

function QuickProductForm({
  companyId,
  name,
  categoryId,
  taxes,
  units,
  warehouses,
  onClose,
  onCreated,
}: {
  companyId: number;
  name: string;
  categoryId: number;
  taxes: readonly { id: number; display_name: string; rate: number }[];
  units: readonly { id: number; name: string; code: string }[];
  warehouses: readonly Warehouse[];
  onClose: () => void;
  onCreated: (product: Product) => void;
}) {
  const create = useCreateProduct(companyId);
  const usual = taxes.find((tax) => tax.rate === USUAL_GST_RATE);
  const form = useForm<QuickProductValues, unknown, z.output<typeof quickProductSchema>>({
    mode: 'onTouched',
    resolver: zodResolver(quickProductSchema),
    defaultValues: {
      name: name.slice(0, PRODUCT_NAME_MAX),
      hsn: '',
      selling_price: '',
      tax: usual ? String(usual.id) : null,
      unit: null,
      opening_stock: '',
      warehouse: warehouses[0] ? String(warehouses[0].id) : null,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const product = await create.mutateAsync({
        ...values,
        category: categoryId,
        mrp: values.selling_price,
      });
      onCreated(product);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });
  return (
    <form noValidate onSubmit={submitHere(submit)} aria-label="New Product">
      <Stack gap="sm">
        <TextField
          control={form.control}
          name="name"
          label="Product Name"
          required
          maxLength={PRODUCT_NAME_MAX}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextField control={form.control} name="hsn" label="HSN/SAC Code" maxLength={8} />
          <NumberField
            control={form.control}
            name="selling_price"
            label="Selling Price (incl. GST)"
            required
            leftSection="₹"
            min={0}
            decimalScale={2}
            allowNegative={false}
          />
          <SelectField
            control={form.control}
            name="tax"
            label="GST"
            placeholder="Choose a GST rate"
            data={taxes.map((tax) => ({ value: String(tax.id), label: tax.display_name }))}
            clearable
          />
          <SelectField
            control={form.control}
            name="unit"
            label="Unit"
            placeholder="Choose a unit"
            data={units.map((unit) => ({ value: String(unit.id), label: `${unit.name} (${unit.code})` }))}
            searchable
            clearable
            nothingFoundMessage="No unit found"
          />
          <NumberField
            control={form.control}
            name="opening_stock"
            label="Opening Stock"
            description="An order takes only what is in stock"
            min={0}
            decimalScale={3}
            allowNegative={false}
          />
          <SelectField
            control={form.control}
            name="warehouse"
            label="Warehouse"
            description="Where the opening stock is"
            data={warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${w.branch.name})` }))}
            clearable
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          The MRP is the selling price and the category the Root Category; change them on the product's page.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Product
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
