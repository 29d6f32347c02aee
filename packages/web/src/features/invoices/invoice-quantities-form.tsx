import { formatQuantity } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { DayField } from '../../components/day-field';
import { Money } from '../../components/money';
import { NumberField } from '../../components/number-field';
import { applyLineServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { SerialNumberPicker } from '../serial-numbers/serial-number-picker';
import { InvoicePreviewCard } from './invoice-preview-card';
import {
  INVOICE_LINE_SERVER_FIELD,
  INVOICE_SERVER_FIELDS,
  type InvoiceQuantitiesValues,
  invoiceQuantitiesBody,
  invoiceQuantitiesSchema,
} from './invoice-quantities.schema';
import type { InitiateInvoice, InvoiceQuantitiesBody } from './invoices.api';

function LinesTable({
  initiate,
  control,
  invoiceId,
}: {
  initiate: InitiateInvoice;
  control: ReturnType<typeof useForm<InvoiceQuantitiesValues>>['control'];
  invoiceId?: number | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Items to invoice" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Ordered</Table.Th>
            <Table.Th ta="right">Invoiced</Table.Th>
            <Table.Th ta="right">Invoiceable</Table.Th>
            <Table.Th w={190}>Quantity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {initiate.items.map((item, index) => (
            <Table.Tr key={item.order_item}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.product.sku ?? 'No SKU'}
                  {item.unit ? ` · ${item.unit}` : ''} · GST {item.gst_rate}%
                </Text>
                <SerialNumberPicker
                  control={control}
                  name={`items.${index}.serial_numbers`}
                  quantityName={`items.${index}.quantity`}
                  productId={item.product.id}
                  productName={item.product.name}
                  warehouseId={item.warehouse.id}
                  invoiceId={invoiceId}
                />
              </Table.Td>
              <Table.Td>{item.warehouse.name}</Table.Td>
              <Table.Td ta="right">
                <Money value={item.rate} />
                {item.discount > 0 && (
                  <Text size="xs" c="dimmed">
                    less {item.discount}%
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
              <Table.Td ta="right">{formatQuantity(item.quantity_invoiced)}</Table.Td>
              <Table.Td ta="right" fw={500}>
                {formatQuantity(item.invoiceable_quantity)}
              </Table.Td>
              <Table.Td>
                <NumberField
                  control={control}
                  name={`items.${index}.quantity`}
                  label={`Quantity of ${item.product.name}`}
                  labelProps={{ style: VISUALLY_HIDDEN }}
                  min={0}
                  max={item.invoiceable_quantity}
                  decimalScale={3}
                  allowNegative={false}
                  disabled={item.invoiceable_quantity === 0}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The quantities of an invoice (Generate Invoice, Edit Invoice): the order's items with what is
 * ordered, invoiced and invoiceable; a line left at 0 is not invoiced.
 */
export function InvoiceQuantitiesForm({
  initiate,
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  previewOrderId,
  invoiceId,
}: {
  initiate: InitiateInvoice;
  defaultValues: InvoiceQuantitiesValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: InvoiceQuantitiesBody) => Promise<unknown>;
  onCancel: () => void;
  /** Generate Invoice: the order whose invoice the totals card previews as the quantities change. */
  previewOrderId?: number;
  /** Edit Invoice: the invoice, whose serial numbers the lines start with. */
  invoiceId?: number;
}) {
  const form = useForm<InvoiceQuantitiesValues>({
    mode: 'onTouched',
    resolver: zodResolver(invoiceQuantitiesSchema),
    defaultValues,
  });
  const itemsError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(invoiceQuantitiesBody(values));
    } catch (error) {
      applyLineServerErrors(error, values, form.setError, {
        lineField: INVOICE_LINE_SERVER_FIELD,
        fields: INVOICE_SERVER_FIELDS,
        lineFields: ['serial_numbers'],
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={submitLabel}>
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Items</Title>
            <LinesTable initiate={initiate} control={form.control} invoiceId={invoiceId} />
            <Text size="xs" c="dimmed">
              Leave a quantity at 0 to keep that item out of this invoice.
            </Text>
            {itemsError && (
              <Text size="sm" c="red" role="alert">
                {itemsError}
              </Text>
            )}
          </Stack>
        </Card>
        {previewOrderId !== undefined && (
          <InvoicePreviewCard orderId={previewOrderId} control={form.control} />
        )}
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DayField control={form.control} name="invoice_date" label="Invoice Date" required />
            <DayField control={form.control} name="due_date" label="Due Date" clearable />
            <TextField control={form.control} name="reference" label="Reference" maxLength={64} />
            <TextareaField control={form.control} name="notes" label="Notes" minRows={2} />
          </SimpleGrid>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
