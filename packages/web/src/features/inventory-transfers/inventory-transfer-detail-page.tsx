import { INVENTORY_TRANSFER_MESSAGES } from '@b2b/domain/api/inventory-transfers';
import { fullReceipt, outstandingQuantity } from '@b2b/domain/inventory-transfers';
import { formatQuantity } from '@b2b/domain/money';
import { humanizeValue } from '@b2b/domain/statuses';
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconPackageExport, IconPackageImport, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, productPath, warehousePath } from '../../session/paths';
import { EWayBillCard } from '../e-way-bills/e-way-bill-card';
import {
  INVENTORY_TRANSFER_TOASTS,
  type InventoryTransfer,
  inventoryTransferHistoryQuery,
  inventoryTransferQuery,
  useReceiveInventoryTransfer,
  useTransferAction,
} from './inventory-transfers.api';
import { TransferStatusBadge } from './inventory-transfers-page';

const LIST = { to: PATHS.inventoryTransfers, label: 'Inventory Transfer' };
const when = (value: string | Date | null) => (value ? dayjs(value).format('DD/MM/YYYY, hh:mm A') : 'N/A');

/** /inventory-transfers/{id}: one transfer with its lines (sent, received, in transit), actions and history. */
export function InventoryTransferDetailPage() {
  const id = useIdParam(PATHS.inventoryTransfer);
  const transfer = useQuery({ ...inventoryTransferQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={transfer}
      list={LIST}
      notFoundMessage={INVENTORY_TRANSFER_MESSAGES.not_found}
      loadFailedTitle={INVENTORY_TRANSFER_TOASTS.load_one_failed}
      loadingLabel="Loading inventory transfer"
    >
      {(data) => <TransferDetail transfer={data} />}
    </DetailLoader>
  );
}

function TransferHistory({ id }: { id: number }) {
  const history = useQuery(inventoryTransferHistoryQuery(id));
  let body: ReactNode;
  if (history.error && !history.data) {
    body = (
      <LoadErrorAlert
        error={history.error}
        onRetry={() => history.refetch()}
        title="Failed to load history."
      />
    );
  } else if (!history.data) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading history">
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  } else {
    body = (
      <Timeline bulletSize={12} lineWidth={2} aria-label="Transfer history">
        {history.data.results.map((entry) => (
          <Timeline.Item key={entry.id} title={humanizeValue(entry.actions.action)}>
            <Text size="xs" c="dimmed">
              {entry.user ? `${entry.user.first_name} ${entry.user.last_name}`.trim() : 'System'} ·{' '}
              {when(entry.created_at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>History</Title>
        {body}
      </Stack>
    </Card>
  );
}

/** 'Receive': one quantity per line still in transit, each defaulting to what is outstanding. */
function ReceiveDialog({
  transfer,
  opened,
  onClose,
}: {
  transfer: InventoryTransfer;
  opened: boolean;
  onClose: () => void;
}) {
  const receive = useReceiveInventoryTransfer(transfer.id);
  const [quantities, setQuantities] = useState<Record<number, number | string>>(() =>
    Object.fromEntries(fullReceipt(transfer.lines).map((r) => [r.line, r.quantity])),
  );
  const open = transfer.lines.filter((line) => outstandingQuantity(line) > 0);
  const entries = open
    .map((line) => ({
      line: line.id,
      quantity: Number(quantities[line.id] ?? 0),
      max: outstandingQuantity(line),
    }))
    .filter((entry) => entry.quantity > 0);
  const tooMuch = entries.some((entry) => entry.quantity > entry.max);
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async () => {
    setServerError(null);
    try {
      await receive.mutateAsync(entries.map(({ line, quantity }) => ({ line, quantity })));
      onClose();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : null);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Receive Transfer" size="lg">
      <Stack gap="md">
        <Table aria-label="Receive lines" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">In Transit</Table.Th>
              <Table.Th w={160}>Receive</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.product.name}</Table.Td>
                <Table.Td ta="right">{formatQuantity(outstandingQuantity(line))}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Receive ${line.product.name}`}
                    min={0}
                    max={outstandingQuantity(line)}
                    decimalScale={3}
                    allowNegative={false}
                    value={quantities[line.id] ?? ''}
                    onChange={(value) => setQuantities((q) => ({ ...q, [line.id]: value }))}
                    error={
                      Number(quantities[line.id] ?? 0) > outstandingQuantity(line)
                        ? `Cannot receive more than is in transit (${formatQuantity(outstandingQuantity(line))}).`
                        : undefined
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {INVENTORY_TRANSFER_MESSAGES.receipt_required}
          </Text>
        )}
        {serverError && (
          <Text size="sm" c="red">
            {serverError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={submit} loading={receive.isPending} disabled={entries.length === 0 || tooMuch}>
            Receive
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TransferDetail({ transfer }: { transfer: InventoryTransfer }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_inventory_transfer');
  const dispatch = useTransferAction(transfer.id, 'dispatch');
  const cancel = useTransferAction(transfer.id, 'cancel');
  const [confirming, setConfirming] = useState<'dispatch' | 'cancel' | null>(null);
  const [receiving, setReceiving] = useState(false);
  const can = (action: InventoryTransfer['actions'][number]) =>
    canChange && transfer.actions.includes(action);
  const person = transfer.created_by
    ? `${transfer.created_by.first_name} ${transfer.created_by.last_name}`.trim()
    : 'System';

  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={transfer.number}
        badges={<TransferStatusBadge status={transfer.status} label={transfer.status_label} />}
        actions={
          <Group gap="sm">
            {can('dispatch') && (
              <Button leftSection={<IconPackageExport size={16} />} onClick={() => setConfirming('dispatch')}>
                Dispatch
              </Button>
            )}
            {can('receive') && (
              <Button leftSection={<IconPackageImport size={16} />} onClick={() => setReceiving(true)}>
                Receive
              </Button>
            )}
            {can('cancel') && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={() => setConfirming('cancel')}
              >
                Cancel Transfer
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Source Warehouse">
            <Anchor component={Link} to={warehousePath(transfer.source_warehouse.id)}>
              {transfer.source_warehouse.name}
            </Anchor>{' '}
            ({transfer.source_warehouse.branch.name})
          </DetailField>
          <DetailField label="Destination Warehouse">
            <Anchor component={Link} to={warehousePath(transfer.destination_warehouse.id)}>
              {transfer.destination_warehouse.name}
            </Anchor>{' '}
            ({transfer.destination_warehouse.branch.name})
          </DetailField>
          <DetailField label="Dispatched On">{when(transfer.dispatched_at)}</DetailField>
          <DetailField label="Received On">{when(transfer.received_at)}</DetailField>
          {transfer.cancelled_at && (
            <DetailField label="Cancelled On">{when(transfer.cancelled_at)}</DetailField>
          )}
          <DetailField label="Created By">{person}</DetailField>
          <DetailField label="Created On">{when(transfer.created_at)}</DetailField>
          <DetailField label="Notes">{transfer.notes || 'N/A'}</DetailField>
        </DetailGrid>
      </Card>
      <EWayBillCard kind="inventory_transfer" documentId={transfer.id} />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={4}>Products</Title>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Transfer lines" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th ta="right">Sent</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th ta="right">In Transit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transfer.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Anchor component={Link} to={productPath(line.product.id)}>
                        {line.product.name}
                      </Anchor>
                      {line.batches.length > 0 && (
                        <Text size="xs" c="dimmed" aria-label={`Batches of ${line.product.name}`}>
                          {line.batches
                            .map(
                              (b) =>
                                `Batch ${b.batch_number}: ${formatQuantity(b.sent)} sent` +
                                (b.received > 0 ? `, ${formatQuantity(b.received)} received` : ''),
                            )
                            .join(' · ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{line.product.sku || 'N/A'}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.received_quantity)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.in_transit_quantity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
      <TransferHistory id={transfer.id} />
      {receiving && <ReceiveDialog transfer={transfer} opened onClose={() => setReceiving(false)} />}
      <ConfirmDialog
        opened={confirming === 'dispatch'}
        title="Dispatch Transfer"
        message={`The stock of every line leaves ${transfer.source_warehouse.name} now. Dispatch ${transfer.number}?`}
        confirmLabel="Dispatch"
        loading={dispatch.isPending}
        onConfirm={() => dispatch.mutate(undefined, { onSettled: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'cancel'}
        title="Cancel Transfer"
        message={
          transfer.status === 'in_transit'
            ? `The stock in transit goes back to ${transfer.source_warehouse.name}. Cancel ${transfer.number}?`
            : `Cancel ${transfer.number}?`
        }
        confirmLabel="Cancel Transfer"
        color="red"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
