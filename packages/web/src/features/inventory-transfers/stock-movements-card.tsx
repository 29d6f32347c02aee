import { formatQuantity } from '@b2b/domain/money';
import type { ProductStock } from '@b2b/domain/products';
import { Anchor, Card, Group, Pagination, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { inventoryAdjustmentPath, inventoryTransferPath } from '../../session/paths';
import {
  INVENTORY_TRANSFER_TOASTS,
  type StockMovement,
  stockMovementsQuery,
} from './inventory-transfers.api';

const PAGE = 10;

/** Where a movement's document lives in the app (adjustments and transfers; others show their number only). */
function DocumentLink({ document }: { document: StockMovement['document'] }): ReactNode {
  if (!document || document.type === 'product')
    return (
      <Text size="xs" c="dimmed">
        Opening
      </Text>
    );
  const label = document.number ?? `#${document.id}`;
  if (document.id && document.type === 'inventory_adjustment') {
    return (
      <Anchor component={Link} to={inventoryAdjustmentPath(document.id)} size="xs">
        {label}
      </Anchor>
    );
  }
  if (document.id && document.type === 'inventory_transfer') {
    return (
      <Anchor component={Link} to={inventoryTransferPath(document.id)} size="xs">
        {label}
      </Anchor>
    );
  }
  return <Text size="xs">{label}</Text>;
}

/** A signed quantity: '+2', '−1.5' (a true minus sign), '0'. */
export const signedQuantity = (quantity: number) =>
  `${quantity > 0 ? '+' : quantity < 0 ? '−' : ''}${formatQuantity(Math.abs(quantity))}`;

/**
 * 'Stock Movements' of a product: its ledger newest first, each movement with its warehouse,
 * reason, signed quantity, the warehouse's balance after it, and the document that made it.
 * Reservation rows (reserve, release, issue) also change the stock reserved for orders: that change
 * and the reserved stock after it show on a second line ('Reserved +2 → 5').
 */
export function StockMovementsCard({ productId, stock }: { productId: number; stock: ProductStock }) {
  const user = useCurrentUser();
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const allowed = canPerform(user, 'view_inventory');
  const movements = useQuery({
    ...stockMovementsQuery(productId, {
      limit: PAGE,
      offset: (page - 1) * PAGE,
      warehouse: warehouse ? Number(warehouse) : undefined,
    }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const warehouses = stock.stock_by_branches.flatMap((b) =>
    b.stock_by_warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${b.name})` })),
  );
  let body: ReactNode;
  if (movements.error && !movements.data) {
    body = (
      <LoadErrorAlert
        error={movements.error}
        onRetry={() => movements.refetch()}
        title={INVENTORY_TRANSFER_TOASTS.movements_failed}
      />
    );
  } else if (!movements.data) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading stock movements">
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  } else if (movements.data.results.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No stock movement yet.
      </Text>
    );
  } else {
    const pages = Math.ceil(movements.data.count / PAGE);
    body = (
      <>
        <Table aria-label="Stock movements" verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Movement</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {movements.data.results.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{m.reason_label}</Text>
                    <Text size="xs" c="dimmed">
                      {m.warehouse.name}
                      {m.batch_number ? ` · Batch ${m.batch_number}` : ''} ·{' '}
                      {dayjs(m.created_at).format('DD/MM/YYYY, hh:mm A')}
                      {m.user ? ` · ${`${m.user.first_name} ${m.user.last_name}`.trim()}` : ''}
                    </Text>
                    {m.reserved_quantity !== 0 && (
                      <Text size="xs" c="orange.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        Reserved {signedQuantity(m.reserved_quantity)} → {formatQuantity(m.reserved_after)}
                      </Text>
                    )}
                    <DocumentLink document={m.document} />
                  </Stack>
                </Table.Td>
                <Table.Td
                  ta="right"
                  c={m.quantity < 0 ? 'red' : m.quantity > 0 ? 'teal' : 'dimmed'}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {signedQuantity(m.quantity)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatQuantity(m.balance)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
      </>
    );
  }
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="stock-movements-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="h4" id="stock-movements-title">
            Stock Movements
          </Title>
          <Select
            aria-label="Movements of warehouse"
            placeholder="All warehouses"
            data={warehouses}
            value={warehouse}
            onChange={(value) => {
              setWarehouse(value);
              setPage(1);
            }}
            clearable
            size="xs"
            w={170}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Balance is the warehouse's stock after the movement; reserved is the stock held for orders.
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
