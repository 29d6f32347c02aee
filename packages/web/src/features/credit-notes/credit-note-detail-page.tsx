import { CREDIT_NOTE_MESSAGES, CREDIT_NOTE_STATUS_OPTIONS } from '@b2b/domain/credit-notes';
import { formatMoney, formatQuantity, toPaise } from '@b2b/domain/money';
import { maxDecimals } from '@b2b/domain/validation';
import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { FormDialog } from '../../components/form-dialog';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, orderPath, PATHS, salesReturnPath } from '../../session/paths';
import { ApplyCreditNoteDialog } from './apply-credit-note-dialog';
import {
  CREDIT_NOTE_PDF_FAILED,
  CREDIT_NOTES_LIST,
  type CreditNote,
  creditNoteHistoryQuery,
  creditNoteLoadErrorTitle,
  creditNoteQuery,
  downloadCreditNotePdf,
  useCancelApplication,
  useCancelCreditNote,
  useRefundCreditNote,
} from './credit-notes.api';

/** /credit-notes/{id}: the note with its GST reversal, where it was applied, refunds and history. */
export function CreditNoteDetailPage() {
  const id = useIdParam(PATHS.creditNote);
  const query = useQuery({ ...creditNoteQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={CREDIT_NOTES_LIST}
      notFoundMessage={CREDIT_NOTE_MESSAGES.not_found}
      loadFailedTitle={creditNoteLoadErrorTitle(query.error, CREDIT_NOTE_MESSAGES.load_failed)}
      loadingLabel="Loading credit note"
    >
      {(data) => <CreditNoteDetail note={data} />}
    </DetailLoader>
  );
}

function CreditNoteDetail({ note }: { note: CreditNote }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_credit_note');
  const [dialog, setDialog] = useState<'apply' | 'refund' | 'cancel' | null>(null);
  const cancel = useCancelCreditNote(note.id);
  const history = useQuery(creditNoteHistoryQuery(note.id));
  const allowed = (action: CreditNote['allowed_actions'][number]) =>
    mayChange && note.allowed_actions.includes(action);
  const intra = note.is_intra_state;
  return (
    <Stack gap="lg">
      <DetailHeader
        list={CREDIT_NOTES_LIST}
        title={note.credit_note_number}
        badges={<StatusBadge options={CREDIT_NOTE_STATUS_OPTIONS} value={note.status} />}
        actions={
          <>
            <DownloadPdfButton
              download={() => downloadCreditNotePdf(note)}
              failure={CREDIT_NOTE_PDF_FAILED}
            />
            {allowed('apply') && <Button onClick={() => setDialog('apply')}>Apply</Button>}
            {allowed('refund') && (
              <Button variant="default" onClick={() => setDialog('refund')}>
                Refund
              </Button>
            )}
            {allowed('cancel') && (
              <Button variant="default" color="red" onClick={() => setDialog('cancel')}>
                Cancel Credit Note
              </Button>
            )}
          </>
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Date">{formatDay(note.credit_note_date)}</DetailField>
          <DetailField label="Invoice">
            <Anchor component={Link} to={invoicePath(note.invoice.id)} size="sm">
              {note.invoice.invoice_number}
            </Anchor>
          </DetailField>
          <DetailField label="Order">
            <Anchor component={Link} to={orderPath(note.order.id)} size="sm">
              {note.order.order_number}
            </Anchor>
          </DetailField>
          <DetailField label="Buyer">{note.buyer.name}</DetailField>
          <DetailField label="Sales Return">
            {note.sales_return && (
              <Anchor component={Link} to={salesReturnPath(note.sales_return.id)} size="sm">
                {note.sales_return.return_number}
              </Anchor>
            )}
          </DetailField>
          <DetailField label="Place of Supply">
            {`${note.place_of_supply.name} (${note.place_of_supply.gst_code}) · ${intra ? 'CGST + SGST' : 'IGST'}`}
          </DetailField>
          <DetailField label="Reference">{note.reference}</DetailField>
          <DetailField label="Reason">{note.reason}</DetailField>
          <DetailField label="Total">
            <Money value={note.total} />
          </DetailField>
          <DetailField label="Applied">
            <Money value={note.amount_applied} />
          </DetailField>
          <DetailField label="Refunded">
            <Money value={note.amount_refunded} />
          </DetailField>
          <DetailField label="Balance">
            <Money value={note.balance} />
          </DetailField>
        </DetailGrid>
      </Card>
      <DetailTabs
        tabs={[
          {
            value: 'items',
            label: 'Items',
            panel: (
              <Stack gap="md">
                <Card withBorder padding="md">
                  <Table.ScrollContainer minWidth={900}>
                    <Table aria-label="Credited items" verticalSpacing="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Product</Table.Th>
                          <Table.Th ta="right">Quantity</Table.Th>
                          <Table.Th ta="right">Rate excl. GST</Table.Th>
                          <Table.Th ta="right">Taxable</Table.Th>
                          {intra ? (
                            <>
                              <Table.Th ta="right">CGST</Table.Th>
                              <Table.Th ta="right">SGST</Table.Th>
                            </>
                          ) : (
                            <Table.Th ta="right">IGST</Table.Th>
                          )}
                          <Table.Th ta="right">Cess</Table.Th>
                          <Table.Th ta="right">Amount</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {note.items.map((item) => (
                          <Table.Tr key={item.id}>
                            <Table.Td>
                              <Text size="sm" fw={500}>
                                {item.product.name}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {item.hsn ? `HSN ${item.hsn} · ` : ''}GST {item.gst_rate}%
                              </Text>
                            </Table.Td>
                            <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                            <Table.Td ta="right">
                              <Money value={item.credit_rate} />
                              {item.additional_discount !== 100 && (
                                <Text size="xs" c="dimmed">
                                  {item.additional_discount}% of the invoiced rate
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td ta="right">
                              <Money value={item.taxable_value} />
                            </Table.Td>
                            {intra ? (
                              <>
                                <Table.Td ta="right">
                                  <Money value={item.cgst} />
                                </Table.Td>
                                <Table.Td ta="right">
                                  <Money value={item.sgst} />
                                </Table.Td>
                              </>
                            ) : (
                              <Table.Td ta="right">
                                <Money value={item.igst} />
                              </Table.Td>
                            )}
                            <Table.Td ta="right">
                              <Money value={item.cess} />
                            </Table.Td>
                            <Table.Td ta="right">
                              <Money value={item.amount} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Card>
                <Card withBorder padding="md" maw={420} ml="auto" w="100%" aria-label="Credit note totals">
                  <Stack gap={6}>
                    <Row label="Taxable Value" value={note.totals.taxable_value} />
                    {intra ? (
                      <>
                        <Row label="CGST" value={note.totals.cgst} />
                        <Row label="SGST" value={note.totals.sgst} />
                      </>
                    ) : (
                      <Row label="IGST" value={note.totals.igst} />
                    )}
                    {note.totals.cess !== 0 && <Row label="Cess" value={note.totals.cess} />}
                    {note.totals.adjustments !== 0 && (
                      <Row label="Adjustments" value={note.totals.adjustments} />
                    )}
                    {note.totals.round_off !== 0 && <Row label="Round Off" value={note.totals.round_off} />}
                    <Row label="Total Credit" value={note.totals.total} strong />
                  </Stack>
                </Card>
              </Stack>
            ),
          },
          {
            value: 'applications',
            label: `Applied (${note.applications.filter((a) => a.cancelled_at === null).length})`,
            panel: <ApplicationsTable note={note} mayChange={mayChange} />,
          },
          {
            value: 'history',
            label: 'History',
            panel: <DocumentHistoryTable label="Credit note history" query={history} />,
          },
        ]}
      />
      {dialog === 'apply' && <ApplyCreditNoteDialog note={note} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundCreditNoteDialog note={note} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title="Cancel Credit Note"
        message="The buyer will owe this credit again. Cancel this credit note?"
        confirmLabel="Cancel Credit Note"
        color="red"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setDialog(null) })}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined}>
        <Money value={value} />
      </Text>
    </Group>
  );
}

function ApplicationsTable({ note, mayChange }: { note: CreditNote; mayChange: boolean }) {
  const remove = useCancelApplication(note.id);
  if (note.applications.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        This credit note has not been applied to any invoice yet.
      </Text>
    );
  }
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">
        Applied to invoices
      </Title>
      <Table aria-label="Credit note applications" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Applied On</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {note.applications.map((application) => (
            <Table.Tr key={application.id} c={application.cancelled_at ? 'dimmed' : undefined}>
              <Table.Td>
                <Anchor component={Link} to={invoicePath(application.invoice.id)} size="sm">
                  {application.invoice.invoice_number}
                </Anchor>
              </Table.Td>
              <Table.Td>{dayjs(application.created_at).format('DD/MM/YYYY')}</Table.Td>
              <Table.Td ta="right">
                <Money value={application.amount} />
              </Table.Td>
              <Table.Td ta="right">
                {application.cancelled_at ? (
                  <Text size="xs">Removed</Text>
                ) : (
                  mayChange && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={remove.isPending && remove.variables === application.id}
                      onClick={() => remove.mutate(application.id)}
                      aria-label={`Remove application to ${application.invoice.invoice_number}`}
                    >
                      Remove
                    </Button>
                  )
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function RefundCreditNoteDialog({ note, onClose }: { note: CreditNote; onClose: () => void }) {
  const refund = useRefundCreditNote(note.id);
  const [amount, setAmount] = useState<number | string>(note.balance);
  const [reference, setReference] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const text = String(amount).trim();
  const error =
    text === '' || !Number.isFinite(Number(text)) || Number(text) <= 0 || !maxDecimals(text, 2)
      ? CREDIT_NOTE_MESSAGES.amount
      : toPaise(Number(text)) > toPaise(note.balance)
        ? `Only ${formatMoney(note.balance)} is left of this credit note to refund.`
        : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    refund.mutate(
      { amount: Number(text), ...(reference.trim() ? { reference_number: reference.trim() } : {}) },
      { onSuccess: onClose },
    );
  };
  return (
    <FormDialog
      title="Refund Credit Note"
      submitLabel="Refund"
      pending={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <NumberInput
        label="Amount"
        value={amount}
        onChange={setAmount}
        min={0}
        decimalScale={2}
        allowNegative={false}
        withAsterisk
        description={`Balance ${formatMoney(note.balance)}`}
        error={submitted ? error : undefined}
      />
      <TextInput
        label="Reference Number"
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
        maxLength={64}
      />
    </FormDialog>
  );
}
