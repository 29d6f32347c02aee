import {
  AMAZON_CONNECTION_STATUS_LABELS,
  AMAZON_SYNC_KIND_LABELS,
  AMAZON_SYNC_TRIGGER_LABELS,
  type AmazonConnectionStatus,
} from '@b2b/domain/amazon';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EntitySelect } from '../../components/entity-select';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canOpen, canPerform } from '../../session/has-permission';
import { buyerSource } from '../quotations/quotation-party-fields';
import { activeWarehousesQuery } from '../warehouses/warehouses.api';
import {
  AMAZON_LOG_PAGE,
  type AmazonConnection,
  amazonConnectionQuery,
  amazonSyncLogsQuery,
  useAmazonSettings,
  useAuthorizeAmazon,
  useDisconnectAmazon,
  useImportAmazonOrders,
  useSyncAmazonStock,
} from './amazon.api';

const STATUS_COLORS: Record<AmazonConnectionStatus, string> = {
  pending: 'blue',
  connected: 'green',
  disconnected: 'gray',
};

const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '—');

function SettingsForm({ connection, companyId }: { connection: AmazonConnection; companyId: number }) {
  const save = useAmazonSettings(companyId);
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const [buyer, setBuyer] = useState<number | null>(connection.buyer?.id ?? null);
  const [warehouse, setWarehouse] = useState<string | null>(
    connection.warehouse ? String(connection.warehouse.id) : null,
  );
  useEffect(() => setBuyer(connection.buyer?.id ?? null), [connection.buyer?.id]);
  useEffect(
    () => setWarehouse(connection.warehouse ? String(connection.warehouse.id) : null),
    [connection.warehouse],
  );
  const fieldError = (field: 'buyer' | 'warehouse') => {
    const error = save.error as { errors?: Record<string, string[]> } | null;
    return error?.errors?.[field]?.[0];
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Amazon orders are placed for this buyer and sold from this warehouse; its stock is what Amazon is
        told.
      </Text>
      <Group align="flex-end">
        <Box w={320}>
          <EntitySelect
            source={buyerSource(companyId)}
            label="Buyer of Amazon orders"
            value={buyer}
            onChange={setBuyer}
            error={fieldError('buyer')}
          />
        </Box>
        <Select
          label="Warehouse"
          placeholder="Choose a warehouse"
          data={(warehouses.data?.results ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          value={warehouse}
          onChange={setWarehouse}
          error={fieldError('warehouse')}
          w={260}
        />
        <Button
          variant="default"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              ...(buyer !== null && { buyer }),
              ...(warehouse !== null && { warehouse: Number(warehouse) }),
            })
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function SyncLog({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const logs = useQuery(amazonSyncLogsQuery(companyId, page));
  if (logs.isError) return <LoadErrorAlert error={logs.error} onRetry={() => logs.refetch()} />;
  if (!logs.data) return <Skeleton height={120} aria-label="Loading the sync log" />;
  if (logs.data.count === 0) return <Text c="dimmed">No import or stock push yet.</Text>;
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label="Amazon sync log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.data.results.map((log) => (
            <Table.Tr key={log.id}>
              <Table.Td>{when(log.started_at)}</Table.Td>
              <Table.Td>{AMAZON_SYNC_KIND_LABELS[log.kind]}</Table.Td>
              <Table.Td>{AMAZON_SYNC_TRIGGER_LABELS[log.trigger]}</Table.Td>
              <Table.Td>
                <Badge color={log.ok ? 'green' : 'red'} variant="light" radius="sm">
                  {log.ok ? 'OK' : 'Problems'}
                </Badge>{' '}
                {log.kind === 'import_orders'
                  ? `${log.orders_imported} imported, ${log.orders_skipped} already imported, ${log.orders_failed} not imported`
                  : `${log.listings_pushed} updated, ${log.listings_failed} refused`}
              </Table.Td>
              <Table.Td>
                {log.error && (
                  <Text size="sm" c="red.8">
                    {log.error}
                  </Text>
                )}
                {log.problems.length > 0 && (
                  <List size="sm">
                    {log.problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {logs.data.count > AMAZON_LOG_PAGE && (
        <Pagination
          value={page}
          onChange={setPage}
          total={Math.ceil(logs.data.count / AMAZON_LOG_PAGE)}
          aria-label="Sync log pages"
        />
      )}
    </Stack>
  );
}

function ConnectionCard({ connection, canChange }: { connection: AmazonConnection; canChange: boolean }) {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const authorize = useAuthorizeAmazon(companyId);
  const importOrders = useImportAmazonOrders(companyId);
  const syncStock = useSyncAmazonStock(companyId);
  const disconnect = useDisconnectAmazon(companyId);
  const [confirming, setConfirming] = useState(false);
  const connected = connection.status === 'connected';
  const ready = connected && connection.buyer !== null && connection.warehouse !== null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Amazon.in seller account
          </Title>
          {connection.status !== 'not_connected' && (
            <Badge color={STATUS_COLORS[connection.status]} variant="light" radius="sm">
              {AMAZON_CONNECTION_STATUS_LABELS[connection.status]}
            </Badge>
          )}
        </Group>
        {connected ? (
          <Stack gap={2}>
            <Text size="sm">Selling partner {connection.selling_partner_id}</Text>
            <Text size="xs" c="dimmed">
              Connected {when(connection.connected_at)}
              {connection.connected_by_name ? ` by ${connection.connected_by_name}` : ''} · orders count under
              the {connection.sales_channel?.name ?? 'Amazon'} sales channel · orders imported through{' '}
              {when(connection.orders_imported_through)} · stock last pushed{' '}
              {when(connection.last_stock_push_at)} ({connection.listings} listing
              {connection.listings === 1 ? '' : 's'})
            </Text>
          </Stack>
        ) : (
          <Text size="sm">
            Connect your Amazon seller account: Seller Central asks you to allow this app, then brings you
            back here. Orders are then imported every 15 minutes and stock is pushed when it changes.
          </Text>
        )}
        {canChange && !connected && (
          <Group>
            <Button loading={authorize.isPending} onClick={() => authorize.mutate()}>
              Connect Amazon
            </Button>
          </Group>
        )}
        {canChange && connected && (
          <>
            <SettingsForm connection={connection} companyId={companyId} />
            {!ready && (
              <Alert color="yellow" variant="light">
                Choose the buyer and the warehouse of Amazon orders, then import.
              </Alert>
            )}
            <Group>
              <Button
                disabled={!ready}
                loading={importOrders.isPending}
                onClick={() => importOrders.mutate()}
              >
                Import orders
              </Button>
              <Button
                variant="default"
                disabled={connection.warehouse === null}
                loading={syncStock.isPending}
                onClick={() => syncStock.mutate()}
              >
                Sync stock
              </Button>
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
            </Group>
            <ConfirmDialog
              opened={confirming}
              title="Disconnect Amazon?"
              message="Imports and stock pushes stop. Orders already imported stay."
              confirmLabel="Disconnect"
              loading={disconnect.isPending}
              onClose={() => setConfirming(false)}
              onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /amazon-seller-login (Amazon Seller Login): the company's Amazon seller account, connected
 * through Seller Central's consent page; the buyer and warehouse of imported orders; Import
 * orders, Sync stock, Disconnect; and the log of every import and push. Says plainly when the
 * server has no Amazon app credentials.
 */
export function AmazonSellerLoginPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const readable = canOpen(user, 'view_amazon_connection');
  const query = useQuery({ ...amazonConnectionQuery(companyId), enabled: readable });
  if (!readable)
    return (
      <Alert color="red" title="Unauthorized Access">
        You don't have permission to view this page. Please contact your Company Admin.
      </Alert>
    );
  const canChange = canPerform(user, 'change_amazon_connection');
  return (
    <Stack gap="lg">
      <Title order={2}>Amazon Seller</Title>
      {query.isError && <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      {!query.data ? (
        !query.isError && <Skeleton height={160} aria-label="Loading the Amazon connection" />
      ) : !query.data.configured ? (
        <Alert color="gray" variant="light" title="Amazon is not configured">
          {query.data.message}
        </Alert>
      ) : (
        <>
          <ConnectionCard connection={query.data} canChange={canChange} />
          <Stack gap="xs">
            <Title order={3} size="h4">
              Sync log
            </Title>
            <SyncLog companyId={companyId} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
