import { formatQuantity } from '@b2b/domain/money';
import { SALES_RETURN_DISPOSITION_OPTIONS, SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, PATHS, salesReturnPath } from '../../session/paths';
import { ReturnSerialNumbersPicker } from '../serial-numbers/return-serial-numbers-picker';
import { activeWarehousesQuery } from '../warehouses/warehouses.api';
import {
  initialSalesReturnValues,
  SALES_RETURN_LINE_SERVER_FIELD,
  SALES_RETURN_SERVER_FIELDS,
  type SalesReturnFormValues,
  salesReturnBody,
  salesReturnFormSchema,
} from './sales-return-form.schema';
import {
  type InitiateSalesReturn,
  initiateSalesReturnQuery,
  useCreateSalesReturn,
} from './sales-returns.api';

function SalesReturnForm({
  initiate,
  onDone,
}: {
  initiate: InitiateSalesReturn;
  onDone: (id: number) => void;
}) {
  const user = useCurrentUser();
  const create = useCreateSalesReturn(initiate.invoice.id);
  const navigate = useNavigate();
  const warehouses = useQuery(activeWarehousesQuery(user.company.id));
  const mayCredit = canPerform(user, 'add_credit_note');
  const form = useForm<SalesReturnFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(salesReturnFormSchema),
    defaultValues: initialSalesReturnValues(initiate),
  });
  const disposition = useWatch({ control: form.control, name: 'disposition' });
  const itemsError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(salesReturnBody(values));
      onDone(created.id);
    } catch (error) {
      applyLineServerErrors(error, values, form.setError, {
        lineField: SALES_RETURN_LINE_SERVER_FIELD,
        fields: SALES_RETURN_SERVER_FIELDS,
        lineFields: ['serial_numbers'],
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Create Sales Return">
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Items</Title>
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label="Items to return" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>Sold From</Table.Th>
                    <Table.Th ta="right">Sold</Table.Th>
                    <Table.Th ta="right">Returned</Table.Th>
                    <Table.Th ta="right">Returnable</Table.Th>
                    <Table.Th w={170}>Return Quantity</Table.Th>
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
                        <ReturnSerialNumbersPicker
                          control={form.control}
                          name={`items.${index}.serial_numbers`}
                          quantityName={`items.${index}.quantity`}
                          invoiceId={initiate.invoice.id}
                          invoiceItemId={item.invoice_item}
                          productName={item.product.name}
                        />
                      </Table.Td>
                      <Table.Td>{item.warehouse.name}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(item.quantity_sold)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(item.quantity_returned)}</Table.Td>
                      <Table.Td ta="right" fw={500}>
                        {formatQuantity(item.returnable_quantity)}
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          control={form.control}
                          name={`items.${index}.quantity`}
                          label={`Return quantity of ${item.product.name}`}
                          labelProps={{ style: VISUALLY_HIDDEN }}
                          min={0}
                          max={item.returnable_quantity}
                          decimalScale={3}
                          allowNegative={false}
                          disabled={item.returnable_quantity === 0}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              Leave a quantity at 0 to keep that item out of this return.
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
            <DayField control={form.control} name="return_date" label="Return Date" required />
            <TextField
              control={form.control}
              name="return_reference_no"
              label="Return Reference No"
              maxLength={64}
            />
            <SelectField
              control={form.control}
              name="disposition"
              label="Returned Goods"
              data={SALES_RETURN_DISPOSITION_OPTIONS.map(({ value, label }) => ({ value, label }))}
              allowDeselect={false}
            />
            {disposition === 'restock' ? (
              <SelectField
                control={form.control}
                name="warehouse"
                label="Warehouse"
                placeholder="Where each item was sold from"
                data={(warehouses.data?.results ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                clearable
              />
            ) : (
              <Text size="sm" c="dimmed" mt="lg">
                Damaged goods are written off: no sellable stock is added.
              </Text>
            )}
            <NumberField
              control={form.control}
              name="adjustments"
              label="Adjustments"
              description="Negative reduces the credit."
              decimalScale={2}
            />
            {mayCredit && (
              <SwitchField
                control={form.control}
                name="issue_credit_note"
                label="Issue credit note now"
                mt="lg"
              />
            )}
            <TextareaField control={form.control} name="reason" label="Reason" minRows={2} />
          </SimpleGrid>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate({ to: invoicePath(initiate.invoice.id) })}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Sales Return
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /invoices/{id}/sales-return: 'Sales Return' for goods the buyer sends back against the invoice. */
export function SalesReturnCreatePage() {
  const navigate = useNavigate();
  return (
    <InvoiceDocumentCreatePage
      path={PATHS.invoiceSalesReturn}
      title="Sales Return"
      permission="add_sales_return"
      messages={{
        forbidden: SALES_RETURN_MESSAGES.forbidden_create,
        loadFailed: SALES_RETURN_MESSAGES.create_failed,
      }}
      initiateQuery={initiateSalesReturnQuery}
    >
      {(data) => (
        <SalesReturnForm initiate={data} onDone={(id) => void navigate({ to: salesReturnPath(id) })} />
      )}
    </InvoiceDocumentCreatePage>
  );
}
