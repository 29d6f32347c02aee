import { formatQuantity } from '@b2b/domain/money';
import { SHIPMENT_CARRIERS, SHIPMENT_DIRECTION_OPTIONS, SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { invoicePath, PATHS, shipmentPath } from '../../app/paths';
import { DayField } from '../../components/day-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import {
  initialShipmentValues,
  SHIPMENT_LINE_SERVER_FIELD,
  SHIPMENT_SERVER_FIELDS,
  type ShipmentFormValues,
  shipmentBody,
  shipmentFormSchema,
} from './shipment-form.schema';
import { type InitiateShipment, initiateShipmentQuery, useCreateShipment } from './shipments.api';

const INVOICES = { to: PATHS.invoices, label: 'Invoices' };

/** The line's label is for screen readers: the row already says which product it is. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The server's line errors name positions in the body sent (lines at 0 left out): mapped back to the form. */
function applyShipmentErrors(
  error: unknown,
  values: ShipmentFormValues,
  setError: UseFormSetError<ShipmentFormValues>,
) {
  if (!isApiError(error)) return;
  const sent = values.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => String(item.quantity).trim() === '' || Number(item.quantity) !== 0);
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const line = SHIPMENT_LINE_SERVER_FIELD.exec(field);
    const formIndex = line ? sent[Number(line[1])]?.index : undefined;
    if (formIndex !== undefined) setError(`items.${formIndex}.quantity`, { type: 'server', message });
    else if ((SHIPMENT_SERVER_FIELDS as readonly string[]).includes(field)) {
      setError(field as (typeof SHIPMENT_SERVER_FIELDS)[number], { type: 'server', message });
    }
  }
}

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
      applyShipmentErrors(error, values, form.setError);
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
  const invoiceId = useIdParam('invoiceId');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const mayCreate = canPerform(user, 'add_shipment');
  const initiate = useQuery({
    ...initiateShipmentQuery(invoiceId ?? 0),
    enabled: invoiceId !== null && mayCreate,
  });

  if (!mayCreate) {
    return (
      <Stack gap="lg">
        <DetailHeader list={INVOICES} title="Create Shipment" />
        <Alert color="yellow" title={SHIPMENT_MESSAGES.forbidden_create} />
      </Stack>
    );
  }
  // A 409 (cancelled, or everything shipped) is said in place, with the way back to the invoice.
  if (isApiError(initiate.error) && initiate.error.status === 409 && invoiceId !== null) {
    return (
      <Stack gap="lg">
        <DetailHeader list={{ to: invoicePath(invoiceId), label: 'Invoice' }} title="Create Shipment" />
        <Alert color="yellow" title={initiate.error.message} />
      </Stack>
    );
  }
  const forbidden = isApiError(initiate.error) && initiate.error.status === 403;
  return (
    <DetailLoader
      id={invoiceId}
      query={initiate}
      list={INVOICES}
      notFoundMessage="Invoice Not Found"
      loadFailedTitle={forbidden ? SHIPMENT_MESSAGES.forbidden_create : SHIPMENT_MESSAGES.create_failed}
      loadingLabel="Loading the invoice's items"
    >
      {(data) => (
        <Stack gap="lg">
          <DetailHeader
            list={{ to: invoicePath(data.invoice.id), label: `Invoice ${data.invoice.invoice_number}` }}
            title="Create Shipment"
          />
          <Text size="sm" c="dimmed">
            {data.buyer.name} · Order {data.order.order_number}
          </Text>
          <ShipmentForm initiate={data} onDone={(id) => void navigate({ to: shipmentPath(id) })} />
        </Stack>
      )}
    </DetailLoader>
  );
}
