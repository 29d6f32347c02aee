import { formatQuantity } from '@b2b/domain/money';
import { SHIPMENT_CARRIERS, SHIPMENT_DIRECTION_OPTIONS, SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { DayField } from '../../components/day-field';
import { InvoiceDocumentCreatePage } from '../../components/invoice-document-create-page';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyLineServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { invoicePath, PATHS, shipmentPath } from '../../session/paths';
import {
  initialShipmentValues,
  SHIPMENT_LINE_SERVER_FIELD,
  SHIPMENT_SERVER_FIELDS,
  type ShipmentFormValues,
  shipmentBody,
  shipmentFormSchema,
} from './shipment-form.schema';
import { type InitiateShipment, initiateShipmentQuery, useCreateShipment } from './shipments.api';
import { TransportFields } from './transport-fields';

function ShipmentForm({ initiate, onDone }: { initiate: InitiateShipment; onDone: (id: number) => void }) {
  const create = useCreateShipment(initiate.invoice.id);
  const navigate = useNavigate();
  const form = useForm<ShipmentFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(shipmentFormSchema),
    defaultValues: initialShipmentValues(initiate),
  });
  const [carrier, booked] = useWatch({ control: form.control, name: ['carrier', 'use_integration'] });
  const itemsError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      const shipment = await create.mutateAsync(shipmentBody(values));
      onDone(shipment.id);
    } catch (error) {
      applyLineServerErrors(error, values, form.setError, {
        lineField: SHIPMENT_LINE_SERVER_FIELD,
        fields: SHIPMENT_SERVER_FIELDS,
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Create Shipment">
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Items</Title>
            <Table.ScrollContainer minWidth={700}>
              <Table aria-label="Items to ship" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Invoiced</Table.Th>
                    <Table.Th ta="right">Shipped</Table.Th>
                    <Table.Th ta="right">Left to Ship</Table.Th>
                    <Table.Th w={190}>Quantity</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {initiate.items.map((item, index) => (
                    <Table.Tr key={item.invoice_item}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {item.product.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {item.product.sku ?? 'No SKU'}
                          {item.unit ? ` · ${item.unit}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(item.quantity_shipped)}</Table.Td>
                      <Table.Td ta="right" fw={500}>
                        {formatQuantity(item.shippable_quantity)}
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          control={form.control}
                          name={`items.${index}.quantity`}
                          label={`Quantity of ${item.product.name}`}
                          labelProps={{ style: VISUALLY_HIDDEN }}
                          min={0}
                          max={item.shippable_quantity}
                          decimalScale={3}
                          allowNegative={false}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              Leave a quantity at 0 to keep that item out of this shipment.
            </Text>
            {itemsError && (
              <Text size="sm" c="red" role="alert">
                {itemsError}
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DayField control={form.control} name="shipment_date" label="Shipment Date" required />
            <DayField
              control={form.control}
              name="expected_delivery_date"
              label="Expected Delivery Date"
              clearable
            />
            <SelectField
              control={form.control}
              name="direction"
              label="Direction"
              data={SHIPMENT_DIRECTION_OPTIONS.map(({ value, label }) => ({ value, label }))}
              allowDeselect={false}
            />
            {initiate.integration_configured && (
              <SwitchField
                control={form.control}
                name="use_integration"
                label="Book with the carrier integration"
                mt="lg"
              />
            )}
            {!booked && (
              <>
                <SelectField
                  control={form.control}
                  name="carrier"
                  label="Carrier"
                  data={SHIPMENT_CARRIERS.map(({ value, label }) => ({ value, label }))}
                  allowDeselect={false}
                />
                {carrier === 'other' && (
                  <TextField
                    control={form.control}
                    name="carrier_name"
                    label="Carrier Name"
                    maxLength={100}
                  />
                )}
                <TextField
                  control={form.control}
                  name="tracking_number"
                  label="Tracking Number"
                  maxLength={100}
                />
                <TextField
                  control={form.control}
                  name="tracking_link"
                  label="Tracking Link"
                  maxLength={500}
                />
              </>
            )}
            <TextareaField control={form.control} name="notes" label="Notes" minRows={2} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Transport
            </Title>
            <TransportFields control={form.control} />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate({ to: invoicePath(initiate.invoice.id) })}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Shipment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /invoices/{id}/ship: 'Create Shipment' for some or all of what the invoice has left to ship. */
export function ShipmentCreatePage() {
  const navigate = useNavigate();
  return (
    <InvoiceDocumentCreatePage
      path={PATHS.invoiceShip}
      title="Create Shipment"
      permission="add_shipment"
      messages={{
        forbidden: SHIPMENT_MESSAGES.forbidden_create,
        loadFailed: SHIPMENT_MESSAGES.create_failed,
      }}
      initiateQuery={initiateShipmentQuery}
    >
      {(data) => <ShipmentForm initiate={data} onDone={(id) => void navigate({ to: shipmentPath(id) })} />}
    </InvoiceDocumentCreatePage>
  );
}
