import { INVENTORY_ADJUSTMENT_MESSAGES } from '@b2b/domain/api/inventory-adjustments';
import { reasonDirection } from '@b2b/domain/inventory-adjustments';
import { formatQuantity } from '@b2b/domain/money';
import { humanizeValue } from '@b2b/domain/statuses';
import { Anchor, Badge, Button, Card, Skeleton, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, productPath, warehousePath } from '../../session/paths';
import { batchDates } from '../stock-batches/batch-status-badge';
import {
  INVENTORY_ADJUSTMENT_TOASTS,
  type InventoryAdjustment,
  inventoryAdjustmentHistoryQuery,
  inventoryAdjustmentQuery,
} from './inventory-adjustments.api';
import { signedQuantity } from './inventory-adjustments-page';

const LIST = { to: PATHS.inventoryAdjustments, label: 'Inventory Adjustment' };

/** /inventory-adjustments/{id}: one adjustment with its lines (stock before and after) and history. */
export function InventoryAdjustmentDetailPage() {
  const id = useIdParam(PATHS.inventoryAdjustment);
  const adjustment = useQuery({ ...inventoryAdjustmentQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={adjustment}
      list={LIST}
      notFoundMessage={INVENTORY_ADJUSTMENT_MESSAGES.not_found}
      loadFailedTitle={INVENTORY_ADJUSTMENT_TOASTS.load_failed}
      loadingLabel="Loading inventory adjustment"
    >
      {(data) => <AdjustmentDetail adjustment={data} />}
    </DetailLoader>
  );
}

function AdjustmentHistory({ id }: { id: number }) {
  const history = useQuery(inventoryAdjustmentHistoryQuery(id));
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
  } else if (history.data.results.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  } else {
    body = (
      <Timeline bulletSize={12} lineWidth={2} aria-label="Adjustment history">
        {history.data.results.map((entry) => (
          <Timeline.Item key={entry.id} title={humanizeValue(entry.actions.action)}>
            <Text size="xs" c="dimmed">
              {entry.user ? `${entry.user.first_name} ${entry.user.last_name}`.trim() : 'System'} ·{' '}
              {dayjs(entry.created_at).format('DD/MM/YYYY, hh:mm A')}
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

function AdjustmentDetail({ adjustment }: { adjustment: InventoryAdjustment }) {
  const byBatch = adjustment.lines.some((line) => line.batch !== null);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const direction = reasonDirection(adjustment.reason);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={adjustment.number}
        badges={
          <>
            <Badge color={direction === 'in' ? 'teal' : 'red'} variant="light">
              {adjustment.reason_label}
            </Badge>
            <Text size="sm" c="dimmed">
              {dayjs(adjustment.adjusted_on).format('DD/MM/YYYY')}
            </Text>
          </>
        }
        actions={
          canPerform(user, 'add_inventory_adjustment') ? (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate({ to: PATHS.inventoryAdjustmentNew })}
            >
              New Adjustment
            </Button>
          ) : undefined
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Warehouse">
            <Anchor component={Link} to={warehousePath(adjustment.warehouse.id)}>
              {adjustment.warehouse.name}
            </Anchor>
          </DetailField>
          <DetailField label="Branch">{adjustment.branch.name}</DetailField>
          <DetailField label="Reason">{adjustment.reason_label}</DetailField>
          <DetailField label="Adjustment Date">
            {dayjs(adjustment.adjusted_on).format('DD/MM/YYYY')}
          </DetailField>
          <DetailField label="Created By">
            {adjustment.created_by
              ? `${adjustment.created_by.first_name} ${adjustment.created_by.last_name}`.trim()
              : 'System'}
          </DetailField>
          <DetailField label="Created On">
            {dayjs(adjustment.created_at).format('DD/MM/YYYY, hh:mm A')}
          </DetailField>
          <DetailField label="Notes">{adjustment.notes || 'N/A'}</DetailField>
        </DetailGrid>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={4}>Products</Title>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Adjustment lines" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  {byBatch && <Table.Th>Batch</Table.Th>}
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Stock Before</Table.Th>
                  <Table.Th ta="right">Stock After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {adjustment.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Anchor component={Link} to={productPath(line.product.id)}>
                        {line.product.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{line.product.sku || 'N/A'}</Table.Td>
                    {byBatch && (
                      <Table.Td>
                        {line.batch ? (
                          <Stack gap={0}>
                            <Text size="sm">{line.batch.batch_number}</Text>
                            <Text size="xs" c="dimmed">
                              {batchDates(line.batch)}
                            </Text>
                          </Stack>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {line.quantity < 0 ? 'First expiry first out' : 'No batch'}
                          </Text>
                        )}
                      </Table.Td>
                    )}
                    <Table.Td ta="right" c={line.quantity < 0 ? 'red' : 'teal'}>
                      {signedQuantity(line.quantity)}
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.stock_before)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.stock_after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            An adjustment cannot be changed once made: correct a mistake with another adjustment.
          </Text>
        </Stack>
      </Card>
      <AdjustmentHistory id={adjustment.id} />
    </Stack>
  );
}
