import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DayField } from '../../components/day-field';
import { InvoiceDocumentCreatePage } from '../../components/invoice-document-create-page';
import { Money } from '../../components/money';
import { NumberField } from '../../components/number-field';
import { applyLineServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { creditNotePath, invoicePath, PATHS } from '../../session/paths';
import {
  CREDIT_NOTE_LINE_SERVER_FIELD,
  CREDIT_NOTE_SERVER_FIELDS,
  type CreditNoteFormValues,
  creditNoteBody,
  creditNoteFormSchema,
  initialCreditNoteValues,
} from './credit-note-form.schema';
import { creditableAt, previewCreditNote } from './credit-note-pricing';
import { type InitiateCreditNote, initiateCreditNoteQuery, useCreateCreditNote } from './credit-notes.api';

function CreditNoteForm({
  initiate,
  salesReturnId,
  onDone,
}: {
  initiate: InitiateCreditNote;
  salesReturnId: number | null;
  onDone: (id: number) => void;
}) {
  const create = useCreateCreditNote(initiate.invoice.id);
  const navigate = useNavigate();
  const schema = useMemo(() => creditNoteFormSchema(initiate), [initiate]);
  const form = useForm<CreditNoteFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: initialCreditNoteValues(initiate, salesReturnId),
  });
  const [items, adjustments, fromReturn] = useWatch({
    control: form.control,
    name: ['items', 'adjustments', 'sales_return'],
  });
  const preview = previewCreditNote(initiate, items, adjustments);
  const previewOf = new Map(preview.lines.map((line) => [line.invoice_item, line]));
  const byId = new Map(initiate.items.map((item) => [item.invoice_item, item]));
  const returnNumber = initiate.open_returns.find((r) => r.id === fromReturn)?.return_number;
  const itemsError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const intra = initiate.is_intra_state;
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(creditNoteBody(values));
      onDone(created.id);
    } catch (error) {
      applyLineServerErrors(error, values, form.setError, {
        lineField: CREDIT_NOTE_LINE_SERVER_FIELD,
        fields: CREDIT_NOTE_SERVER_FIELDS,
        lineFields: ['rate'],
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Create Credit Note">
      <Stack gap="lg">
        {returnNumber && (
          <Alert color="blue" title={`From sales return ${returnNumber}`}>
            The returned quantities are credited at the invoiced rate; lower a rate to credit less.
          </Alert>
        )}
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Items</Title>
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="Items to credit" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <span style={VISUALLY_HIDDEN}>Credit</span>
                    </Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Invoiced</Table.Th>
                    <Table.Th ta="right">Creditable</Table.Th>
                    <Table.Th w={130}>Quantity</Table.Th>
                    <Table.Th w={160}>Rate excl. GST</Table.Th>
                    <Table.Th ta="right">Taxable Value</Table.Th>
                    <Table.Th ta="right">{intra ? 'CGST + SGST' : 'IGST'}</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((value, index) => {
                    const item = byId.get(value.invoice_item);
                    if (!item) return null;
                    const priced = previewOf.get(item.invoice_item);
                    const picked = String(value.quantity).trim() !== '' && Number(value.quantity) !== 0;
                    const pick = (on: boolean) =>
                      form.setValue(
                        `items.${index}.quantity`,
                        on ? (creditableAt(item, value.rate) ?? item.creditable_quantity) : 0,
                        { shouldDirty: true, shouldTouch: true, shouldValidate: true },
                      );
                    return (
                      <Table.Tr key={item.invoice_item}>
                        <Table.Td>
                          <Checkbox
                            aria-label={`Credit ${item.product.name}`}
                            checked={picked}
                            disabled={!picked && item.creditable_quantity === 0}
                            onChange={(event) => pick(event.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {item.product.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {item.hsn ? `HSN ${item.hsn} · ` : ''}GST {item.gst_rate}%
                            {item.cess_rate ? ` + cess ${item.cess_rate}%` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                        <Table.Td ta="right">{formatQuantity(item.creditable_quantity)}</Table.Td>
                        <Table.Td>
                          <NumberField
                            control={form.control}
                            name={`items.${index}.quantity`}
                            label={`Quantity of ${item.product.name}`}
                            labelProps={{ style: VISUALLY_HIDDEN }}
                            min={0}
                            decimalScale={3}
                            allowNegative={false}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberField
                            control={form.control}
                            name={`items.${index}.rate`}
                            label={`Rate of ${item.product.name}`}
                            labelProps={{ style: VISUALLY_HIDDEN }}
                            description={`Invoiced ${formatMoney(item.taxable_rate)}`}
                            min={0}
                            decimalScale={2}
                            allowNegative={false}
                            prefix="₹"
                          />
                        </Table.Td>
                        <Table.Td ta="right">
                          {priced ? <Money value={priced.taxable_value} /> : '—'}
                        </Table.Td>
                        <Table.Td ta="right">
                          {priced ? <Money value={intra ? priced.cgst + priced.sgst : priced.igst} /> : '—'}
                        </Table.Td>
                        <Table.Td ta="right">{priced ? <Money value={priced.amount} /> : '—'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              Tick an item to credit all that is left of it, or enter the quantity (0 keeps it out). The rate
              is per unit before GST and at most the invoiced rate; a lower rate credits a price reduction.
              GST is worked out on quantity × rate.
            </Text>
            {itemsError && (
              <Text size="sm" c="red" role="alert">
                {itemsError}
              </Text>
            )}
          </Stack>
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder padding="md">
            <Stack gap="sm">
              <DayField control={form.control} name="credit_note_date" label="Credit Note Date" required />
              <TextField control={form.control} name="reference" label="Reference" maxLength={64} />
              <NumberField
                control={form.control}
                name="adjustments"
                label="Adjustments"
                description="Negative reduces the credit."
                decimalScale={2}
              />
              <TextareaField control={form.control} name="reason" label="Reason" minRows={2} />
            </Stack>
          </Card>
          <Card withBorder padding="md" aria-label="Credit note totals">
            <Stack gap={6}>
              <Title order={5}>Totals</Title>
              <Text size="xs" c="dimmed">
                Place of supply {initiate.place_of_supply.name} (
                {intra ? 'intra-state: CGST + SGST' : 'inter-state: IGST'})
              </Text>
              <TotalRow label="Taxable Value" value={preview.taxable_value} />
              {intra ? (
                <>
                  <TotalRow label="CGST" value={preview.cgst} />
                  <TotalRow label="SGST" value={preview.sgst} />
                </>
              ) : (
                <TotalRow label="IGST" value={preview.igst} />
              )}
              {preview.cess !== 0 && <TotalRow label="Cess" value={preview.cess} />}
              <TotalRow label="Adjustments" value={preview.adjustments} />
              {preview.round_off !== 0 && <TotalRow label="Round Off" value={preview.round_off} />}
              <TotalRow label="Total Credit" value={preview.total} strong />
            </Stack>
          </Card>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate({ to: invoicePath(initiate.invoice.id) })}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Credit Note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} aria-label={label}>
        <Money value={value} />
      </Text>
    </Group>
  );
}

/** /invoices/{id}/credit-note (?sales_return=): 'Credit Note' against the invoice, or from one of its returns. */
export function CreditNoteCreatePage() {
  const search = useSearch({ strict: false }) as { sales_return?: unknown };
  const salesReturnId = Number.isSafeInteger(Number(search.sales_return))
    ? Number(search.sales_return)
    : null;
  const navigate = useNavigate();
  return (
    <InvoiceDocumentCreatePage
      path={PATHS.invoiceCreditNote}
      title="Credit Note"
      permission="add_credit_note"
      messages={{
        forbidden: CREDIT_NOTE_MESSAGES.forbidden_create,
        loadFailed: CREDIT_NOTE_MESSAGES.create_failed,
      }}
      initiateQuery={initiateCreditNoteQuery}
    >
      {(data) => (
        <CreditNoteForm
          initiate={data}
          salesReturnId={salesReturnId}
          onDone={(id) => void navigate({ to: creditNotePath(id) })}
        />
      )}
    </InvoiceDocumentCreatePage>
  );
}
