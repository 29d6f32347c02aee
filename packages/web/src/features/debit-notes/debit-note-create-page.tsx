import '@mantine/dates/styles.css';
import { GST_SLABS } from '@b2b/domain/bills';
import {
  DEBIT_NOTE_KINDS,
  DEBIT_NOTE_MANUAL_KINDS,
  DEBIT_NOTE_MESSAGES,
  type DebitNoteInputDraft,
  debitNoteInput,
} from '@b2b/domain/debit-notes';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
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
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { DetailHeader } from '../../components/detail-page';
import { EntitySelect } from '../../components/entity-select';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { debitNotePath } from '../../session/paths';
import { allBranchesQuery } from '../branches/branches.api';
import { productSource } from '../inventory-adjustments/inventory-adjustment-form';
import {
  billReturnableQuery,
  newIdempotencyKey,
  receivedBillSource,
} from '../purchase-returns/purchase-returns.api';
import { sellerSource } from '../sellers/seller-source';
import { DEBIT_NOTES_LIST, useCreateDebitNote } from './debit-notes.api';

const KIND_OPTIONS = DEBIT_NOTE_KINDS.filter((k) =>
  (DEBIT_NOTE_MANUAL_KINDS as readonly string[]).includes(k.value),
).map((k) => ({ value: k.value, label: k.label }));
const GST_OPTIONS = GST_SLABS.map((rate) => ({ value: String(rate), label: `${rate}%` }));

type Amount = number | '';
interface FreeLine {
  key: number;
  product: number | null;
  quantity: Amount;
  rate: Amount;
  taxRate: string | null;
  itcEligible: boolean;
}
const newLine = (key: number): FreeLine => ({
  key,
  product: null,
  quantity: 1,
  rate: '',
  taxRate: '18',
  itcEligible: true,
});
const num = (value: Amount): number | string => value;

/** /debit-notes/new: a debit note without goods: a rate difference or shortage on a bill, or on products. */
export function DebitNoteCreatePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <DetailHeader list={DEBIT_NOTES_LIST} title="New Debit Note" />
      {canPerform(user, 'add_debit_note') ? <DebitNoteForm /> : <ReadOnlyNotice thing="debit notes" />}
    </Stack>
  );
}

function DebitNoteForm() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const create = useCreateDebitNote(companyId);
  const [key] = useState(newIdempotencyKey);
  const [billId, setBillId] = useState<number | null>(null);
  const [sellerId, setSellerId] = useState<number | null>(null);
  const [branchId, setBranchId] = useState<string | null>(
    user.branches?.filter((b) => b.is_active).length === 1
      ? String(user.branches?.find((b) => b.is_active)?.id)
      : null,
  );
  const [kind, setKind] = useState<string | null>('rate_difference');
  const [date, setDate] = useState(todayInIndia());
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [billLines, setBillLines] = useState<Record<number, { quantity: Amount; rate: Amount }>>({});
  const [lines, setLines] = useState<FreeLine[]>([newLine(1)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const branches = useQuery(allBranchesQuery(companyId));
  const bill = useQuery({ ...billReturnableQuery(billId ?? 0), enabled: billId !== null });

  const chooseBill = (id: number | null) => {
    setBillId(id);
    setBillLines({});
    setErrors({});
  };
  const seller = billId !== null ? (bill.data?.bill.seller.id ?? null) : sellerId;

  const bodyOf = (): DebitNoteInputDraft => ({
    seller: seller ?? 0,
    ...(billId !== null ? { bill: billId } : { branch: branchId ? Number(branchId) : undefined }),
    kind: (kind ?? '') as DebitNoteInputDraft['kind'],
    debit_note_date: date,
    reason: reason || undefined,
    reference_number: reference || undefined,
    items:
      billId !== null
        ? Object.entries(billLines)
            .filter(([, line]) => line.quantity !== '' || line.rate !== '')
            .map(([item, line]) => ({
              bill_item: Number(item),
              quantity: num(line.quantity),
              rate: num(line.rate),
            }))
        : lines.map((line) => ({
            product: line.product ?? undefined,
            quantity: num(line.quantity),
            rate: num(line.rate),
            tax_rate: line.taxRate === null ? undefined : Number(line.taxRate),
            itc_eligible: line.itcEligible,
          })),
  });

  const submit = async () => {
    const body = bodyOf();
    const parsed = debitNoteInput.safeParse(body);
    const next: Record<string, string> = {};
    if (seller === null) next.seller = 'Please select the seller.';
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const note = await create.mutateAsync({ body, key });
      void navigate({ to: debitNotePath(note.id) });
    } catch (error) {
      if (!isApiError(error)) return;
      const server: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.errors))
        if (messages[0]) server[field] = messages[0];
      if (Object.keys(server).length === 0) server.form = error.detail;
      setErrors(server);
    }
  };
  const lineError = (index: number) =>
    Object.entries(errors).find(([field]) => field.startsWith(`items.${index}.`))?.[1];
  const others = Object.entries(errors).filter(
    ([field]) =>
      !field.startsWith('items.') &&
      !['seller', 'branch', 'kind', 'debit_note_date', 'reason'].includes(field),
  );

  return (
    <Card withBorder padding="md">
      <form
        noValidate
        aria-label="New Debit Note"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <EntitySelect
              source={receivedBillSource(companyId)}
              label="Against Bill"
              description="Optional: the received bill whose lines are debited."
              placeholder="No bill"
              value={billId}
              onChange={chooseBill}
            />
            {billId !== null ? (
              <TextInput label="Seller" readOnly value={bill.data?.bill.seller.name ?? ''} />
            ) : (
              <EntitySelect
                source={sellerSource(companyId)}
                label="Seller"
                required
                value={sellerId}
                onChange={setSellerId}
                error={errors.seller}
              />
            )}
            {billId === null && (
              <Select
                label="Branch"
                required
                data={(branches.data?.results ?? [])
                  .filter((b) => b.is_active)
                  .map((b) => ({ value: String(b.id), label: b.name }))}
                value={branchId}
                onChange={setBranchId}
                error={errors.branch}
              />
            )}
            <Select
              label="Reason"
              required
              data={KIND_OPTIONS}
              value={kind}
              onChange={setKind}
              error={errors.kind}
              allowDeselect={false}
            />
            <DatePickerInput
              label="Debit Note Date"
              required
              valueFormat="DD/MM/YYYY"
              maxDate={new Date()}
              value={date}
              onChange={(value) => setDate(value ? dayjs(value).format('YYYY-MM-DD') : todayInIndia())}
              error={errors.debit_note_date}
            />
            <TextInput
              label="Details"
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
            />
            <TextInput
              label="Reference"
              maxLength={100}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
            />
          </SimpleGrid>

          <Title order={2} size="h5">
            Lines
          </Title>
          {billId !== null ? (
            bill.isLoading || !bill.data ? (
              <Skeleton height={100} aria-label="Loading the bill's lines" />
            ) : (
              <Table.ScrollContainer minWidth={600}>
                <Table aria-label="Bill lines to debit" verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Product</Table.Th>
                      <Table.Th ta="right">Billed</Table.Th>
                      <Table.Th ta="right">Bill Rate</Table.Th>
                      <Table.Th ta="right">Quantity</Table.Th>
                      <Table.Th ta="right">Rate to Debit (excl. GST)</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {bill.data.items.map((item) => {
                      const line = billLines[item.bill_item] ?? { quantity: '', rate: '' };
                      const index = Object.keys(billLines).indexOf(String(item.bill_item));
                      const set = (change: Partial<typeof line>) =>
                        setBillLines((current) => ({ ...current, [item.bill_item]: { ...line, ...change } }));
                      return (
                        <Table.Tr key={item.bill_item}>
                          <Table.Td>{item.product.name}</Table.Td>
                          <Table.Td ta="right">{formatQuantity(item.billed)}</Table.Td>
                          <Table.Td ta="right">
                            {formatMoney(item.rate)} + {item.tax_rate}%
                          </Table.Td>
                          <Table.Td>
                            <NumberInput
                              aria-label={`Quantity of ${item.product.name}`}
                              size="xs"
                              min={0}
                              decimalScale={3}
                              value={line.quantity}
                              onChange={(value) => set({ quantity: value === '' ? '' : Number(value) })}
                              error={index >= 0 ? lineError(index) : undefined}
                            />
                          </Table.Td>
                          <Table.Td>
                            <NumberInput
                              aria-label={`Rate to debit of ${item.product.name}`}
                              size="xs"
                              min={0}
                              decimalScale={2}
                              prefix="₹"
                              value={line.rate}
                              onChange={(value) => set({ rate: value === '' ? '' : Number(value) })}
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          ) : (
            <Stack gap="sm">
              {lines.map((line, index) => {
                const set = (change: Partial<FreeLine>) =>
                  setLines((current) => current.map((l) => (l.key === line.key ? { ...l, ...change } : l)));
                return (
                  <Group key={line.key} align="flex-end" gap="sm" wrap="wrap">
                    <div style={{ flex: '2 1 220px' }}>
                      <EntitySelect
                        source={productSource(companyId)}
                        label={`Product ${index + 1}`}
                        required
                        value={line.product}
                        onChange={(product) => set({ product })}
                        error={lineError(index)}
                      />
                    </div>
                    <NumberInput
                      label="Quantity"
                      min={0}
                      decimalScale={3}
                      value={line.quantity}
                      onChange={(value) => set({ quantity: value === '' ? '' : Number(value) })}
                      w={110}
                    />
                    <NumberInput
                      label="Rate (excl. GST)"
                      min={0}
                      decimalScale={2}
                      prefix="₹"
                      value={line.rate}
                      onChange={(value) => set({ rate: value === '' ? '' : Number(value) })}
                      w={140}
                    />
                    <Select
                      label="GST"
                      data={GST_OPTIONS}
                      value={line.taxRate}
                      onChange={(taxRate) => set({ taxRate })}
                      w={100}
                      allowDeselect={false}
                    />
                    <Checkbox
                      label="ITC claimed"
                      checked={line.itcEligible}
                      onChange={(event) => set({ itcEligible: event.currentTarget.checked })}
                      mb={8}
                    />
                    {lines.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove line ${index + 1}`}
                        onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
                        mb={6}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  setLines((current) => [...current, newLine(Math.max(0, ...current.map((l) => l.key)) + 1)])
                }
                style={{ alignSelf: 'flex-start' }}
              >
                Add Line
              </Button>
            </Stack>
          )}
          <Text size="xs" c="dimmed">
            The GST is reversed at the bill line’s rate and supply type (or the seller’s and branch’s states
            without a bill). Against a bill the note is set off against it up to its balance; the rest stays
            as the seller’s credit.
          </Text>
          {(others.length > 0 || errors.items) && (
            <Alert color="red" variant="light" role="alert">
              {errors.items ?? others[0]?.[1] ?? DEBIT_NOTE_MESSAGES.create_failed}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: DEBIT_NOTES_LIST.to })}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save Debit Note
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
