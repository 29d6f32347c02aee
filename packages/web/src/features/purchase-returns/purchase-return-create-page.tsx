import '@mantine/dates/styles.css';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { PURCHASE_RETURN_MESSAGES, purchaseReturnInput } from '@b2b/domain/purchase-returns';
import { serialCountLabel } from '@b2b/domain/serial-numbers';
import { todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { DetailHeader, useIdParam } from '../../components/detail-page';
import { EntitySelect } from '../../components/entity-select';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, purchaseReturnPath } from '../../session/paths';
import {
  type BillReturnable,
  billReturnableQuery,
  newIdempotencyKey,
  PURCHASE_RETURNS_LIST,
  receivedBillSource,
  useCreatePurchaseReturn,
} from './purchase-returns.api';

/** /purchase-returns/new: pick a received bill, then the quantities to send back. */
export function PurchaseReturnCreatePage() {
  const user = useCurrentUser();
  const [billId, setBillId] = useState<number | null>(null);
  return (
    <Stack gap="lg">
      <DetailHeader list={PURCHASE_RETURNS_LIST} title="New Purchase Return" />
      {canPerform(user, 'add_purchase_return') ? (
        <>
          <Card withBorder padding="md">
            <EntitySelect
              source={receivedBillSource(user.company.id)}
              label="Bill"
              description="A received bill (open, partially paid or paid): search by bill number or seller."
              placeholder="Search bills"
              required
              value={billId}
              onChange={setBillId}
            />
          </Card>
          {billId !== null && <ReturnForm key={billId} billId={billId} />}
        </>
      ) : (
        <ReadOnlyNotice thing="purchase returns" />
      )}
    </Stack>
  );
}

/** /bills/{id}/return: the Return Goods form of one bill. */
export function BillReturnPage() {
  const user = useCurrentUser();
  const billId = useIdParam(PATHS.billReturn);
  return (
    <Stack gap="lg">
      <DetailHeader list={PURCHASE_RETURNS_LIST} title="Return Goods" />
      {!canPerform(user, 'add_purchase_return') ? (
        <ReadOnlyNotice thing="purchase returns" />
      ) : billId === null ? (
        <Alert color="red">{PURCHASE_RETURN_MESSAGES.bill_not_found}</Alert>
      ) : (
        <ReturnForm billId={billId} />
      )}
    </Stack>
  );
}

/** The bill's lines with billed, returned and returnable quantities, a quantity to return each, a reason. */
function ReturnForm({ billId }: { billId: number }) {
  const returnable = useQuery(billReturnableQuery(billId));
  if (returnable.isLoading) return <Skeleton height={160} aria-label="Loading the bill's lines" />;
  if (returnable.error || !returnable.data)
    return (
      <LoadErrorAlert
        title={PURCHASE_RETURN_MESSAGES.load_failed}
        error={returnable.error}
        onRetry={() => void returnable.refetch()}
      />
    );
  return <ReturnLines data={returnable.data} />;
}

function ReturnLines({ data }: { data: BillReturnable }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreatePurchaseReturn(user.company.id);
  const [key] = useState(newIdempotencyKey);
  const [quantities, setQuantities] = useState<Record<number, number | ''>>({});
  /** A tracked product's units chosen to go back, by bill line. */
  const [serials, setSerials] = useState<Record<number, string[]>>({});
  const [returnDate, setReturnDate] = useState<string>(todayInIndia());
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const received = ['open', 'partially_paid', 'paid'].includes(data.bill.status);
  const nothingLeft = data.items.every((item) => item.returnable === 0);

  const submit = async () => {
    const items = data.items
      .map((item) => ({
        bill_item: item.bill_item,
        quantity: quantities[item.bill_item],
        ...(serials[item.bill_item]?.length && { serial_numbers: serials[item.bill_item] }),
      }))
      .filter((item) => item.quantity !== undefined && item.quantity !== '' && item.quantity !== 0);
    const body = { bill: data.bill.id, return_date: returnDate, reason: reason || undefined, items };
    const parsed = purchaseReturnInput.safeParse(body);
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path.startsWith('items.') && issue.path.length >= 2) {
          const line = items[Number(issue.path[1])];
          if (line) next[`line.${line.bill_item}`] = issue.message;
        } else next[path === 'items' ? 'form' : path] = issue.message;
      }
    }
    for (const item of data.items) {
      const asked = quantities[item.bill_item];
      if (typeof asked === 'number' && asked > item.returnable)
        next[`line.${item.bill_item}`] = `At most ${formatQuantity(item.returnable)} can be returned.`;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    try {
      const made = await create.mutateAsync({ body, key });
      void navigate({ to: purchaseReturnPath(made.id) });
    } catch (error) {
      if (!isApiError(error)) return;
      const server: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.errors)) {
        const match = /^items\.(\d+)\./.exec(field);
        const line = match ? items[Number(match[1])] : undefined;
        if (line && messages[0]) server[`line.${line.bill_item}`] = messages[0];
        else if (messages[0])
          server[field === 'return_date' || field === 'reason' ? field : 'form'] = messages[0];
      }
      if (Object.keys(server).length === 0) server.form = error.detail;
      setErrors(server);
    }
  };

  return (
    <Card withBorder padding="md">
      <form
        noValidate
        aria-label="Return Goods"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            Bill {data.bill.bill_number}
          </Title>
          <Text size="sm" c="dimmed">
            {data.bill.seller.name} · billed {formatDay(data.bill.bill_date)} · the goods leave{' '}
            {data.bill.warehouse.name}
          </Text>
          {!received && <Alert color="yellow">{PURCHASE_RETURN_MESSAGES.bill_not_received}</Alert>}
          {received && nothingLeft && (
            <Alert color="yellow">{PURCHASE_RETURN_MESSAGES.nothing_returnable}</Alert>
          )}
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Lines to return" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Rate</Table.Th>
                  <Table.Th ta="right">Billed</Table.Th>
                  <Table.Th ta="right">Returned</Table.Th>
                  <Table.Th ta="right">Returnable</Table.Th>
                  <Table.Th ta="right">Return Quantity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.bill_item}>
                    <Table.Td>
                      <Text size="sm">{item.product.name}</Text>
                      {item.batch_number && (
                        <Text size="xs" c="dimmed">
                          Batch {item.batch_number}
                        </Text>
                      )}
                      {item.serial_numbers && item.serial_numbers.length > 0 && (
                        <MultiSelect
                          mt={6}
                          size="xs"
                          label={`Serial numbers of ${item.product.name} going back`}
                          placeholder="Pick serial numbers"
                          data={item.serial_numbers}
                          value={serials[item.bill_item] ?? []}
                          onChange={(next) =>
                            setSerials((current) => ({ ...current, [item.bill_item]: next }))
                          }
                          searchable
                          hidePickedOptions
                          disabled={!received || item.returnable === 0}
                          description={serialCountLabel(
                            serials[item.bill_item]?.length ?? 0,
                            Number(quantities[item.bill_item] || 0),
                          )}
                        />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(item.rate)} + {item.tax_rate}%
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.billed)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.returned)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.returnable)}</Table.Td>
                    <Table.Td ta="right" miw={140}>
                      <NumberInput
                        aria-label={`Return quantity of ${item.product.name}`}
                        size="xs"
                        min={0}
                        max={item.returnable}
                        decimalScale={3}
                        disabled={!received || item.returnable === 0}
                        value={quantities[item.bill_item] ?? ''}
                        onChange={(value) =>
                          setQuantities((current) => ({
                            ...current,
                            [item.bill_item]: value === '' ? '' : Number(value),
                          }))
                        }
                        error={errors[`line.${item.bill_item}`]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group grow align="flex-start" wrap="wrap">
            <DatePickerInput
              label="Return Date"
              required
              valueFormat="DD/MM/YYYY"
              minDate={dayjs(data.bill.bill_date).toDate()}
              maxDate={new Date()}
              value={returnDate}
              onChange={(value) => setReturnDate(value ? dayjs(value).format('YYYY-MM-DD') : todayInIndia())}
              error={errors.return_date}
              miw={200}
            />
            <TextInput
              label="Reason"
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
              miw={240}
            />
          </Group>
          <Text size="xs" c="dimmed">
            A debit note reversing the input GST of the returned goods is raised with the return and set
            against the bill up to its balance; the rest stays with the seller as credit.
          </Text>
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!received || nothingLeft}>
              Return Goods
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
