import {
  ZOHO_CONNECTION_STATUSES,
  ZOHO_ENTITY_LABELS,
  ZOHO_SETTINGS_DEFAULTS,
  type ZohoSettings,
} from '@b2b/domain/zoho';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { errorDetail, isApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canOpen, canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import {
  LOG_PAGE,
  useAuthorizeZoho,
  useConnectZoho,
  useDisconnectZoho,
  useSaveZohoSettings,
  useSyncZoho,
  type ZohoStatus,
  zohoStatusQuery,
  zohoSyncLogQuery,
} from './zoho.api';

const STATUS = new Map(ZOHO_CONNECTION_STATUSES.map((s) => [s.value as string, s]));
const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '');

const PUSH_SWITCHES: { key: Exclude<keyof ZohoSettings, 'organization_id'>; label: string }[] = [
  { key: 'push_contacts', label: 'Buyers as Zoho contacts' },
  { key: 'push_invoices', label: 'Invoices' },
  { key: 'push_credit_notes', label: 'Credit notes' },
  { key: 'push_payments', label: 'Payments received' },
];

/** Finishes a connection Zoho sent the user back with (?code=...&state=...), once. */
function useReturnFromZoho(companyId: number) {
  const search = useSearch({ strict: false }) as { code?: unknown; state?: unknown; error?: unknown };
  const navigate = useNavigate();
  const connect = useConnectZoho(companyId);
  const started = useRef(false);
  const code = typeof search.code === 'string' ? search.code : undefined;
  const state = typeof search.state === 'string' ? search.state : undefined;
  const denied = typeof search.error === 'string' ? search.error : undefined;
  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    connect.mutate(
      { code, state },
      { onSettled: () => void navigate({ to: PATHS.connectZoho, replace: true }) },
    );
  }, [code, state, connect, navigate]);
  return { connect, denied };
}

function SettingsCard({ status, canChange }: { status: ZohoStatus; canChange: boolean }) {
  const user = useCurrentUser();
  const save = useSaveZohoSettings(user.company.id);
  const [settings, setSettings] = useState<ZohoSettings>(status.settings ?? ZOHO_SETTINGS_DEFAULTS);
  const organizations = status.connection?.organizations ?? [];
  const orgError =
    save.error && isApiError(save.error)
      ? (save.error.errors.organization_id?.[0] ?? errorDetail(save.error))
      : save.error
        ? errorDetail(save.error)
        : null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          What is pushed
        </Title>
        <Select
          label="Zoho Books organisation"
          placeholder="Choose the organisation"
          data={organizations.map((o) => ({
            value: o.organization_id,
            label: `${o.name} (${o.organization_id})`,
          }))}
          value={settings.organization_id || null}
          onChange={(value) => setSettings({ ...settings, organization_id: value ?? '' })}
          error={orgError}
          disabled={!canChange}
          w={360}
        />
        {PUSH_SWITCHES.map(({ key, label }) => (
          <Switch
            key={key}
            label={label}
            checked={settings[key]}
            disabled={!canChange}
            onChange={(e) => setSettings({ ...settings, [key]: e.currentTarget.checked })}
          />
        ))}
        <Text size="xs" c="dimmed">
          A document's buyer is pushed as a contact whenever the document needs it.
        </Text>
        {canChange && (
          <Group>
            <Button loading={save.isPending} onClick={() => save.mutate(settings)}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function SyncLog({ companyId }: { companyId: number }) {
  const [offset, setOffset] = useState(0);
  const query = useQuery(zohoSyncLogQuery(companyId, offset));
  if (query.isError) return <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton height={120} aria-label="Loading the sync log" />;
  const { count, results } = query.data;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Sync log
        </Title>
        {results.length === 0 ? (
          <Text c="dimmed">Nothing has been pushed to Zoho Books yet.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Number / Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Zoho ID / Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{when(entry.created_at)}</Table.Td>
                  <Table.Td>{ZOHO_ENTITY_LABELS[entry.entity_type]}</Table.Td>
                  <Table.Td>{entry.label}</Table.Td>
                  <Table.Td>
                    <Badge color={entry.ok ? 'green' : 'red'} variant="light" radius="sm">
                      {entry.ok ? (entry.action ?? 'pushed') : 'failed'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={entry.ok ? undefined : 'red.8'}>
                      {entry.ok ? entry.zoho_id : entry.error}
                    </Text>
                    {/* Pushed, but with a remark: GST sent as an adjustment for want of a Zoho tax. */}
                    {entry.ok && entry.error && (
                      <Text size="xs" c="orange.8">
                        {entry.error}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {count > LOG_PAGE && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {offset + 1}–{Math.min(offset + LOG_PAGE, count)} of {count}
            </Text>
            <Group>
              <Button variant="default" disabled={offset === 0} onClick={() => setOffset(offset - LOG_PAGE)}>
                Previous
              </Button>
              <Button
                variant="default"
                disabled={offset + LOG_PAGE >= count}
                onClick={() => setOffset(offset + LOG_PAGE)}
              >
                Next
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /connect-zoho (Connect Zoho): Zoho Books connected through Zoho's OAuth consent page, the
 * organisation and what to push chosen, synced now or every 15 minutes, every push in the sync
 * log. A server without ZOHO_CLIENT_ID says so plainly.
 */
export function ConnectZohoPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const { connect, denied } = useReturnFromZoho(companyId);
  const readable = canOpen(user, 'view_configuration');
  const query = useQuery({ ...zohoStatusQuery(companyId), enabled: readable });
  const authorize = useAuthorizeZoho(companyId);
  const sync = useSyncZoho(companyId);
  const disconnect = useDisconnectZoho(companyId);
  const [confirming, setConfirming] = useState(false);
  if (!readable)
    return (
      <Alert color="red" title="Unauthorized Access">
        You don't have permission to view this page. Please contact your Company Admin.
      </Alert>
    );
  const canChange = canPerform(user, 'change_configuration');
  const status = query.data;
  const connection = status?.connection ?? null;
  const connected = connection?.status === 'connected';
  const badge = connection ? STATUS.get(connection.status) : undefined;
  return (
    <Stack gap="lg">
      <Title order={2}>Connect Zoho</Title>
      {denied && (
        <Alert color="red" variant="light" title="Not connected">
          Zoho did not grant access ({denied}). Try connecting again.
        </Alert>
      )}
      {connect.isPending && <Alert color="blue">Connecting Zoho Books…</Alert>}
      {connect.isError && (
        <Alert color="red" variant="light" title="Not connected">
          {isApiError(connect.error)
            ? (connect.error.errors.state?.[0] ??
              connect.error.errors.code?.[0] ??
              errorDetail(connect.error))
            : errorDetail(connect.error)}
        </Alert>
      )}
      {query.isError && <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      {!status ? (
        !query.isError && <Skeleton height={200} aria-label="Loading the Zoho connection" />
      ) : (
        <>
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  Zoho Books
                </Title>
                {badge && (
                  <Badge color={badge.color} variant="light" radius="sm">
                    {badge.label}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                Push your buyers, invoices, credit notes and payments received to your Zoho Books
                organisation.
              </Text>
              {!status.configured ? (
                <Alert color="gray" variant="light" title="Zoho Books is not configured">
                  {status.message}
                </Alert>
              ) : (
                <>
                  {connection && connection.status !== 'disconnected' && connection.connected_at && (
                    <Text size="xs" c="dimmed">
                      Connected {when(connection.connected_at)}
                      {connection.connected_by_name ? ` by ${connection.connected_by_name}` : ''}
                    </Text>
                  )}
                  {connection?.last_sync_message && (
                    <Text size="sm" c={connection.last_sync_ok ? 'dimmed' : 'red.8'}>
                      Last sync {when(connection.last_synced_at)}: {connection.last_sync_message}
                    </Text>
                  )}
                  {canChange && !connected && (
                    <Group>
                      <Button loading={authorize.isPending} onClick={() => authorize.mutate()}>
                        {connection?.status === 'reconnect_needed'
                          ? 'Reconnect Zoho Books'
                          : 'Connect Zoho Books'}
                      </Button>
                    </Group>
                  )}
                  {canChange && connected && (
                    <Group>
                      <Button
                        loading={sync.isPending}
                        disabled={!status.settings.organization_id}
                        onClick={() => sync.mutate()}
                      >
                        Sync now
                      </Button>
                      <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                        Disconnect
                      </Button>
                    </Group>
                  )}
                  {connected && !status.settings.organization_id && (
                    <Text size="sm" c="red.8">
                      Choose the Zoho Books organisation to push to.
                    </Text>
                  )}
                </>
              )}
            </Stack>
          </Card>
          {status.configured && connected && (
            <SettingsCard key={JSON.stringify(status.settings)} status={status} canChange={canChange} />
          )}
          {status.configured && connection && <SyncLog companyId={companyId} />}
          <ConfirmDialog
            opened={confirming}
            title="Disconnect Zoho Books?"
            message="The connection's tokens are revoked and the sync stops. What was pushed stays in Zoho Books."
            confirmLabel="Disconnect"
            loading={disconnect.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
          />
        </>
      )}
    </Stack>
  );
}
