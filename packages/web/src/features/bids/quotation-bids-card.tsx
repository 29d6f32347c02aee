import { type BidRangeOutput, bidInput, bidPlacedBy } from '@b2b/domain/api/bids';
import { BID_MESSAGES, BID_STATUSES, bidVerdict } from '@b2b/domain/buyer-prices';
import { toPaise } from '@b2b/domain/money';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconGavel, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import type { Quotation } from '../quotations/quotations.api';
import { type Bid, quotationBidsQuery, useApproveBid, usePlaceBid, useRefuseBid } from './bids.api';

interface LineRange {
  productId: number;
  name: string;
  rate: number;
  range: BidRangeOutput;
}

/** What a rate would become, by the domain's rule, for the dialog's hint. */
function verdictHint(range: BidRangeOutput, rate: number | string): { color: string; text: string } | null {
  if (typeof rate !== 'number') return null;
  const verdict = bidVerdict(
    {
      buyerPricePaise: toPaise(range.buyer_price),
      floorPaise: toPaise(range.floor),
      marginFloorPaise: null,
      canBid: range.can_bid,
    },
    toPaise(rate),
  );
  if (!verdict.ok) return { color: 'red', text: verdict.message };
  return verdict.status === 'accepted'
    ? { color: 'green', text: 'Within the range: accepted at once.' }
    : { color: 'yellow', text: 'Below the floor: it will wait for approval.' };
}

function BidDialog({
  quotationId,
  line,
  onClose,
}: {
  quotationId: number;
  line: LineRange;
  onClose: () => void;
}) {
  const place = usePlaceBid(quotationId);
  const [rate, setRate] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const hint = verdictHint(line.range, rate);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = bidInput.safeParse({ product: line.productId, rate: rate === '' ? undefined : rate });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BID_MESSAGES.rate_not_positive);
      return;
    }
    place.mutate(parsed.data, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={`Bid on ${line.name}`}
      submitLabel="Place Bid"
      pending={place.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">{line.range.description}</Text>
      <Group gap="lg">
        <Text size="sm">
          Buyer price: <Money value={line.range.buyer_price} />
        </Text>
        <Text size="sm">
          Floor: <Money value={line.range.floor} />
        </Text>
        <Text size="sm">
          Line rate now: <Money value={line.rate} />
        </Text>
      </Group>
      <NumberInput
        label="Proposed Rate (₹)"
        description="Tax inclusive, per unit"
        value={rate}
        onChange={(value) => {
          setRate(value);
          setError(null);
        }}
        min={0}
        decimalScale={2}
        thousandSeparator=","
        error={error}
        data-autofocus
      />
      {hint && (
        <Text size="sm" c={hint.color} role="status">
          {hint.text}
        </Text>
      )}
    </FormDialog>
  );
}

function RefuseDialog({ quotationId, bid, onClose }: { quotationId: number; bid: Bid; onClose: () => void }) {
  const refuse = useRefuseBid(quotationId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(BID_MESSAGES.reason_required);
      return;
    }
    refuse.mutate({ bidId: bid.id, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title="Refuse Bid"
      submitLabel="Refuse"
      pending={refuse.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {bid.product.name}: <Money value={bid.proposed_rate} /> proposed against a buyer price of{' '}
        <Money value={bid.buyer_price} />.
      </Text>
      <Textarea
        label="Reason"
        required
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        maxLength={500}
        autosize
        minRows={2}
      />
    </FormDialog>
  );
}

/**
 * The bids of a quotation: per product its bidding range (buyer price and floor) with a Bid action,
 * the bids waiting for approval with Approve and Refuse (for users allowed to change bids), and
 * every bid placed with its result.
 */
export function QuotationBidsCard({ quotation }: { quotation: Quotation }) {
  const user = useCurrentUser();
  const bids = useQuery(quotationBidsQuery(quotation.id));
  const approve = useApproveBid(quotation.id);
  const [bidding, setBidding] = useState<LineRange | null>(null);
  const [refusing, setRefusing] = useState<Bid | null>(null);
  const open = quotation.status !== 'ordered';
  const mayBid = open && canPerform(user, 'add_bid');
  const mayDecide = open && canPerform(user, 'change_bid');

  const lines: LineRange[] = [];
  for (const range of bids.data?.ranges ?? []) {
    const item = quotation.items.find((i) => i.product.id === range.product);
    if (item) lines.push({ productId: range.product, name: item.product.name, rate: item.rate, range });
  }
  const all = bids.data?.results ?? [];
  const pending = all.filter((bid) => bid.status === 'pending_approval');

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Bids
          </Title>
          {pending.length > 0 && (
            <Badge color="yellow" variant="light">
              {pending.length} waiting for approval
            </Badge>
          )}
        </Group>
        {bids.isError ? (
          <LoadErrorAlert
            title={BID_MESSAGES.load_failed}
            error={bids.error}
            onRetry={() => void bids.refetch()}
          />
        ) : bids.isPending ? (
          <Text c="dimmed" size="sm">
            Loading bids…
          </Text>
        ) : (
          <>
            {pending.length > 0 && (
              <Alert color="yellow" variant="light" title="Waiting for approval">
                <Stack gap="xs">
                  <Text size="sm">{BID_MESSAGES.pending_blocks_order}</Text>
                  {pending.map((bid) => (
                    <Group key={bid.id} justify="space-between" wrap="wrap" gap="xs">
                      <Text size="sm">
                        {bid.product.name}: <Money value={bid.proposed_rate} /> (floor{' '}
                        <Money value={bid.floor} />, buyer price <Money value={bid.buyer_price} />)
                      </Text>
                      {mayDecide && (
                        <Group gap="xs">
                          <Button
                            size="xs"
                            color="teal"
                            leftSection={<IconCheck size={14} />}
                            loading={approve.isPending && approve.variables === bid.id}
                            onClick={() => approve.mutate(bid.id)}
                            aria-label={`Approve the bid on ${bid.product.name}`}
                          >
                            Approve
                          </Button>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            leftSection={<IconX size={14} />}
                            onClick={() => setRefusing(bid)}
                            aria-label={`Refuse the bid on ${bid.product.name}`}
                          >
                            Refuse
                          </Button>
                        </Group>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Alert>
            )}
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Bidding ranges" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Rate</Table.Th>
                    <Table.Th ta="right">Buyer Price</Table.Th>
                    <Table.Th ta="right">Floor</Table.Th>
                    {mayBid && <Table.Th ta="right">Actions</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line) => (
                    <Table.Tr key={line.productId}>
                      <Table.Td>
                        <Text size="sm">{line.name}</Text>
                        <Text size="xs" c="dimmed">
                          {line.range.can_bid ? 'Bids from the floor are accepted.' : 'No bidding range.'}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={line.rate} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={line.range.buyer_price} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={line.range.floor} />
                      </Table.Td>
                      {mayBid && (
                        <Table.Td ta="right">
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconGavel size={14} />}
                            onClick={() => setBidding(line)}
                            aria-label={`Bid on ${line.name}`}
                          >
                            Bid
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {all.length > 0 && (
              <Table.ScrollContainer minWidth={560}>
                <Table aria-label="Bids placed" verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Placed</Table.Th>
                      <Table.Th>Product</Table.Th>
                      <Table.Th ta="right">Proposed Rate</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Placed By</Table.Th>
                      <Table.Th>Decided By</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {all.map((bid) => (
                      <Table.Tr key={bid.id}>
                        <Table.Td>{dayjs(bid.created_at).format('DD/MM/YYYY HH:mm')}</Table.Td>
                        <Table.Td>{bid.product.name}</Table.Td>
                        <Table.Td ta="right">
                          <Money value={bid.proposed_rate} />
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge options={BID_STATUSES} value={bid.status} />
                          {bid.reason && (
                            <Text size="xs" c="dimmed">
                              {bid.reason}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{bidPlacedBy(bid) ?? '—'}</Table.Td>
                        <Table.Td>{bid.decided_by?.name ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
      {bidding && <BidDialog quotationId={quotation.id} line={bidding} onClose={() => setBidding(null)} />}
      {refusing && (
        <RefuseDialog quotationId={quotation.id} bid={refusing} onClose={() => setRefusing(null)} />
      )}
    </Card>
  );
}
