import { DEBIT_NOTE_MESSAGES, DEBIT_NOTE_STATUSES, debitNoteRefundInput } from '@b2b/domain/debit-notes';
import { formatMoney, formatQuantity, toPaise, toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { DocumentComments } from '../../components/document-comments';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS, purchaseReturnPath, sellerPath } from '../../session/paths';
import { branchBankAccountsQuery } from '../branches/bank-accounts.api';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { newIdempotencyKey } from '../purchase-returns/purchase-returns.api';
import {
  DEBIT_NOTE_PDF_FAILED,
  DEBIT_NOTES_LIST,
  type DebitNoteDetail,
  debitNoteCommentsQuery,
  debitNoteHistoryQuery,
  debitNoteOpenBillsQuery,
  debitNoteQuery,
  downloadDebitNotePdf,
  useAddDebitNoteComment,
  useApplyDebitNote,
  useRefundDebitNote,
  useVoidDebitNote,
} from './debit-notes.api';

/** /debit-notes/{id}: one debit note, its lines, where it was applied, its refunds, actions and history. */
export function DebitNoteDetailPage() {
  const id = useIdParam(PATHS.debitNote);
  const query = useQuery({ ...debitNoteQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={DEBIT_NOTES_LIST}
      notFoundMessage={DEBIT_NOTE_MESSAGES.not_found}
      loadFailedTitle={DEBIT_NOTE_MESSAGES.load_failed}
      loadingLabel="Loading debit note"
    >
      {(data) => <DebitNoteView note={data} />}
    </DetailLoader>
  );
}

export function DebitNoteView({ note }: { note: DebitNoteDetail }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_debit_note');
  const allowed = mayChange ? note.allowed_actions : [];
  const voidNote = useVoidDebitNote();
  const [dialog, setDialog] = useState<'apply' | 'refund' | 'void' | null>(null);
  const history = useQuery(debitNoteHistoryQuery(note.id));
  const intra = note.supply_type === 'intra';
  return (
    <Stack gap="lg">
      <DetailHeader
        list={DEBIT_NOTES_LIST}
        title={note.debit_note_number}
        badges={
          <>
            <StatusBadge options={DEBIT_NOTE_STATUSES} value={note.status} />
            <Text size="sm" c="dimmed">
              {note.kind_label}
            </Text>
          </>
        }
        actions={
          <>
            {allowed.includes('apply') && <Button onClick={() => setDialog('apply')}>Apply to Bill</Button>}
            {allowed.includes('record_refund') && (
              <Button variant="default" onClick={() => setDialog('refund')}>
                Record Refund
              </Button>
            )}
            <DownloadPdfButton download={() => downloadDebitNotePdf(note)} failure={DEBIT_NOTE_PDF_FAILED} />
            {allowed.includes('void') && (
              <Button color="red" variant="light" onClick={() => setDialog('void')}>
                Void
              </Button>
            )}
          </>
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Seller">
            <Anchor component={Link} to={sellerPath(note.seller.id)} size="sm">
              {note.seller.name}
            </Anchor>
          </DetailField>
          <DetailField label="Date">{formatDay(note.debit_note_date)}</DetailField>
          <DetailField label="Bill">
            {note.bill ? (
              <Anchor component={Link} to={billPath(note.bill.id)} size="sm">
                {note.bill.bill_number}
              </Anchor>
            ) : (
              'Without a bill'
            )}
          </DetailField>
          {note.purchase_return && (
            <DetailField label="Purchase Return">
              <Anchor component={Link} to={purchaseReturnPath(note.purchase_return.id)} size="sm">
                {note.purchase_return.return_number}
              </Anchor>
            </DetailField>
          )}
          <DetailField label="Branch">{note.branch.name}</DetailField>
          <DetailField label="Supply">
            {intra ? 'Within the state (CGST + SGST)' : 'Inter-state (IGST)'}
          </DetailField>
          <DetailField label="Details">{note.reason}</DetailField>
          <DetailField label="Reference">{note.reference_number}</DetailField>
          <DetailField label="Total">
            <Money value={note.total} />
          </DetailField>
          <DetailField label="Applied to Bills">
            <Money value={note.applied} />
          </DetailField>
          <DetailField label="Refunded by Seller">
            <Money value={note.refunded} />
          </DetailField>
          <DetailField label="Balance (Seller Credit)">
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
                  <Table.ScrollContainer minWidth={760}>
                    <Table aria-label="Debit note items" verticalSpacing="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Product</Table.Th>
                          <Table.Th ta="right">Quantity</Table.Th>
                          <Table.Th ta="right">Rate</Table.Th>
                          <Table.Th ta="right">Taxable Value</Table.Th>
                          <Table.Th ta="right">GST</Table.Th>
                          {intra ? (
                            <>
                              <Table.Th ta="right">CGST</Table.Th>
                              <Table.Th ta="right">SGST</Table.Th>
                            </>
                          ) : (
                            <Table.Th ta="right">IGST</Table.Th>
                          )}
                          <Table.Th ta="right">Amount</Table.Th>
                          <Table.Th ta="right">ITC Reversed</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {note.items.map((item) => (
                          <Table.Tr key={item.id}>
                            <Table.Td>{item.product.name}</Table.Td>
                            <Table.Td ta="right">
                              {formatQuantity(item.quantity)}
                              {item.unit ? ` ${item.unit}` : ''}
                            </Table.Td>
                            <Table.Td ta="right">
                              <Money value={item.rate} />
                            </Table.Td>
                            <Table.Td ta="right">
                              <Money value={item.taxable_value} />
                            </Table.Td>
                            <Table.Td ta="right">{item.tax_rate}%</Table.Td>
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
                              <Money value={item.total} />
                            </Table.Td>
                            <Table.Td ta="right">
                              <Money value={item.itc_reversed} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Card>
                <Card withBorder padding="md">
                  <Stack gap="sm">
                    <Title order={2} size="h5">
                      Applied to Bills
                    </Title>
                    {note.applications.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        Not applied to any bill yet.
                      </Text>
                    ) : (
                      <Table aria-label="Applications" striped>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Bill</Table.Th>
                            <Table.Th>Applied On</Table.Th>
                            <Table.Th ta="right">Amount</Table.Th>
                            <Table.Th ta="right">Bill Balance Now</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {note.applications.map((a) => (
                            <Table.Tr key={a.id}>
                              <Table.Td>
                                <Anchor component={Link} to={billPath(a.bill.id)} size="sm">
                                  {a.bill.bill_number}
                                </Anchor>
                              </Table.Td>
                              <Table.Td>{formatDay(a.applied_on)}</Table.Td>
                              <Table.Td ta="right">
                                <Money value={a.amount} />
                              </Table.Td>
                              <Table.Td ta="right">
                                <Money value={a.bill.balance_due} />
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </Stack>
                </Card>
                <Card withBorder padding="md">
                  <Stack gap="sm">
                    <Title order={2} size="h5">
                      Refunds
                    </Title>
                    {note.refunds.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        The seller has refunded nothing on this note.
                      </Text>
                    ) : (
                      <Table aria-label="Refunds" striped>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Date</Table.Th>
                            <Table.Th>Method</Table.Th>
                            <Table.Th>Reference</Table.Th>
                            <Table.Th ta="right">Amount</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {note.refunds.map((r) => (
                            <Table.Tr key={r.id}>
                              <Table.Td>{formatDay(r.refund_date)}</Table.Td>
                              <Table.Td>{r.payment_method?.name ?? ''}</Table.Td>
                              <Table.Td>{r.reference_number ?? ''}</Table.Td>
                              <Table.Td ta="right">
                                <Money value={r.amount} />
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </Stack>
                </Card>
              </Stack>
            ),
          },
          {
            value: 'comments',
            label: 'Comments',
            panel: <DebitNoteComments id={note.id} mayComment={mayChange} />,
          },
          {
            value: 'history',
            label: 'History',
            panel: <DocumentHistoryTable label="Debit note history" query={history} />,
          },
        ]}
      />
      {dialog === 'apply' && <ApplyDialog note={note} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog note={note} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === 'void'}
        title="Void Debit Note"
        message={`${DEBIT_NOTE_MESSAGES.void_confirm} (${note.debit_note_number})`}
        confirmLabel="Void Debit Note"
        color="red"
        loading={voidNote.isPending}
        onConfirm={() => voidNote.mutate(note.id, { onSettled: () => setDialog(null) })}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

/** Apply to Bill: the seller's open bills, each with the amount to set off (at most its balance). */
function ApplyDialog({ note, onClose }: { note: DebitNoteDetail; onClose: () => void }) {
  const bills = useQuery(debitNoteOpenBillsQuery(note.id));
  const apply = useApplyDebitNote();
  const [amounts, setAmounts] = useState<Record<number, number | ''> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = bills.data?.results ?? [];
  // By default: the note's own bill first, then oldest first, up to what is left on the note.
  const initial = () => {
    let left = toPaise(note.balance);
    const ordered = [...rows].sort((a, b) => Number(b.id === note.bill?.id) - Number(a.id === note.bill?.id));
    const start: Record<number, number | ''> = {};
    for (const bill of ordered) {
      const take = Math.min(left, toPaise(bill.balance_due));
      start[bill.id] = take > 0 ? toRupees(take) : '';
      left -= Math.max(0, take);
    }
    return start;
  };
  const chosen = amounts ?? initial();
  const total = Object.values(chosen).reduce<number>(
    (sum, value) => sum + (value === '' ? 0 : toPaise(value)),
    0,
  );
  const submit = async () => {
    setError(null);
    const applications = Object.entries(chosen)
      .filter(([, value]) => value !== '' && value > 0)
      .map(([bill, value]) => ({ bill: Number(bill), amount: Number(value) }));
    if (applications.length === 0) return setError('Enter an amount for at least one bill.');
    if (total > toPaise(note.balance))
      return setError(DEBIT_NOTE_MESSAGES.more_than_left(formatMoney(note.balance)));
    try {
      await apply.mutateAsync({ id: note.id, body: { applications } });
      onClose();
    } catch (e) {
      if (isApiError(e)) setError(e.detail);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Apply to Bill" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Left on {note.debit_note_number}: <b>{formatMoney(note.balance)}</b>
        </Text>
        {bills.isLoading ? (
          <Skeleton height={80} aria-label="Loading open bills" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {note.seller.name} has no received bill left to pay.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Bills to apply to" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bill</Table.Th>
                  <Table.Th>Bill Date</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th ta="right">Apply</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((bill) => (
                  <Table.Tr key={bill.id}>
                    <Table.Td>{bill.bill_number}</Table.Td>
                    <Table.Td>{formatDay(bill.bill_date)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(bill.balance_due)}</Table.Td>
                    <Table.Td ta="right">
                      <NumberInput
                        aria-label={`Apply to ${bill.bill_number}`}
                        size="xs"
                        min={0}
                        max={bill.balance_due}
                        decimalScale={2}
                        prefix="₹"
                        value={chosen[bill.id] ?? ''}
                        onChange={(value) =>
                          setAmounts({ ...chosen, [bill.id]: value === '' ? '' : Number(value) })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={apply.isPending} disabled={rows.length === 0}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Record Refund: money the seller paid back on the note (amount, date, method, our bank account, reference). */
function RefundDialog({ note, onClose }: { note: DebitNoteDetail; onClose: () => void }) {
  const user = useCurrentUser();
  const [key] = useState(newIdempotencyKey);
  const refund = useRefundDebitNote();
  const methods = useQuery(paymentMethodListQuery(user.company.id));
  const accounts = useQuery(branchBankAccountsQuery(note.branch.id));
  const [amount, setAmount] = useState<number | ''>(note.balance);
  const [date, setDate] = useState(todayInIndia());
  const [method, setMethod] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const body = {
      amount,
      refund_date: date,
      payment_method: method ? Number(method) : undefined,
      bank_account: account ? Number(account) : undefined,
      reference_number: reference || undefined,
    };
    const parsed = debitNoteRefundInput.safeParse(body);
    const next: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
    if (!method) next.payment_method = 'Choose how the money came back.';
    if (typeof amount === 'number' && toPaise(amount) > toPaise(note.balance))
      next.amount = DEBIT_NOTE_MESSAGES.more_than_left(formatMoney(note.balance));
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    try {
      await refund.mutateAsync({ id: note.id, body: parsed.data, key });
      onClose();
    } catch (e) {
      if (!isApiError(e)) return;
      const server: Record<string, string> = {};
      for (const [field, messages] of Object.entries(e.errors)) if (messages[0]) server[field] = messages[0];
      if (Object.keys(server).length === 0) server.form = e.detail;
      setErrors(server);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Record Refund" size="lg">
      <form
        noValidate
        aria-label="Record Refund"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Money {note.seller.name} paid back on {note.debit_note_number}; at most{' '}
            <b>{formatMoney(note.balance)}</b>.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Amount"
              required
              min={0}
              max={note.balance}
              decimalScale={2}
              prefix="₹"
              value={amount}
              onChange={(value) => setAmount(value === '' ? '' : Number(value))}
              error={errors.amount}
            />
            <DatePickerInput
              label="Refund Date"
              required
              valueFormat="DD/MM/YYYY"
              maxDate={new Date()}
              value={date}
              onChange={(value) => setDate(value ? dayjs(value).format('YYYY-MM-DD') : todayInIndia())}
              error={errors.refund_date}
            />
            <Select
              label="Payment Method"
              required
              data={(methods.data?.results ?? [])
                .filter((m) => m.is_active)
                .map((m) => ({ value: String(m.id), label: m.name }))}
              value={method}
              onChange={setMethod}
              error={errors.payment_method}
            />
            <Select
              label="Received In"
              placeholder="Bank account (optional)"
              clearable
              data={(accounts.data?.results ?? []).map((a) => ({
                value: String(a.id),
                label: `${a.bank_name} ••••${String(a.account_number).slice(-4)}`,
              }))}
              value={account}
              onChange={setAccount}
              error={errors.bank_account}
            />
            <TextInput
              label="Reference (UTR / Cheque No.)"
              maxLength={100}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              error={errors.reference_number}
            />
          </SimpleGrid>
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={refund.isPending}>
              Record Refund
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The note's comments; users who may change debit notes add them. */
function DebitNoteComments({ id, mayComment }: { id: number; mayComment: boolean }) {
  const comments = useQuery(debitNoteCommentsQuery(id));
  const add = useAddDebitNoteComment(id);
  if (comments.isPending) return <Skeleton height={90} aria-label="Loading comments" />;
  if (comments.isError)
    return (
      <LoadErrorAlert
        title="Failed to load comments"
        error={comments.error}
        onRetry={() => void comments.refetch()}
      />
    );
  return (
    <DocumentComments
      comments={comments.data}
      mayComment={mayComment}
      onAdd={(comment) => add.mutateAsync(comment)}
      adding={add.isPending}
    />
  );
}
