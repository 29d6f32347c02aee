import { AD_ACCOUNT_STATUS_LABELS, type AdAccountStatus, type AdPlatform } from '@b2b/domain/products-ads';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
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
import { AdFiguresImportCard } from './ad-figures-import-card';
import { AdsNav } from './ads-period';
import {
  type AdAccounts,
  adAccountsQuery,
  useAuthorizeAdAccount,
  useConnectAdAccount,
  useDisconnectAdAccount,
  useSyncAdAccount,
} from './products-ads.api';

const STATUS_COLORS: Record<AdAccountStatus, string> = {
  pending: 'blue',
  connected: 'green',
  reconnect_needed: 'red',
  disconnected: 'gray',
};

const ACCOUNT_ID_LABELS: Record<AdPlatform, { label: string; placeholder: string }> = {
  google_ads: { label: 'Google Ads customer ID', placeholder: '123-456-7890' },
  meta: { label: 'Meta ad account ID', placeholder: 'act_1234567890' },
};

const merchantErrorOf = (error: unknown) =>
  isApiError(error) ? (error.errors.merchant_center_id?.[0] ?? null) : null;

function PlatformCard({ entry, canChange }: { entry: AdAccounts['platforms'][number]; canChange: boolean }) {
  const user = useCurrentUser();
  const authorize = useAuthorizeAdAccount(user.company.id);
  const sync = useSyncAdAccount();
  const disconnect = useDisconnectAdAccount();
  const [accountId, setAccountId] = useState(entry.account?.external_account_id ?? '');
  const [merchantCenterId, setMerchantCenterId] = useState(entry.account?.merchant_center_id ?? '');
  const merchantError = merchantErrorOf(authorize.error);
  const [confirming, setConfirming] = useState(false);
  const account = entry.account;
  const idError =
    authorize.error && isApiError(authorize.error)
      ? (authorize.error.errors.account_id?.[0] ??
        (merchantErrorOf(authorize.error) ? null : errorDetail(authorize.error)))
      : authorize.error
        ? errorDetail(authorize.error)
        : null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {entry.label}
          </Title>
          {account && (
            <Badge color={STATUS_COLORS[account.status]} variant="light" radius="sm">
              {AD_ACCOUNT_STATUS_LABELS[account.status]}
            </Badge>
          )}
        </Group>
        {!entry.configured ? (
          <Alert color="gray" variant="light" title={entry.message ?? ''}>
            The server's administrator has not set up its OAuth client. Import the daily figures from a CSV
            below.
          </Alert>
        ) : (
          <>
            {account && account.status !== 'disconnected' && (
              <Stack gap={2}>
                <Text size="sm">
                  Account {account.external_account_id}
                  {account.merchant_center_id ? ` · Merchant Center ${account.merchant_center_id}` : ''}
                </Text>
                {account.connected_at && (
                  <Text size="xs" c="dimmed">
                    Connected {dayjs(account.connected_at).format('DD/MM/YYYY HH:mm')}
                    {account.connected_by_name ? ` by ${account.connected_by_name}` : ''}
                  </Text>
                )}
                {account.last_sync_message && (
                  <Text size="xs" c={account.last_sync_ok ? 'dimmed' : 'red.8'}>
                    Last sync{' '}
                    {account.last_synced_at ? dayjs(account.last_synced_at).format('DD/MM/YYYY HH:mm') : ''}:{' '}
                    {account.last_sync_message}
                  </Text>
                )}
              </Stack>
            )}
            {canChange && (account?.status !== 'connected' || !account) && (
              <Group align="flex-end">
                <TextInput
                  label={ACCOUNT_ID_LABELS[entry.platform].label}
                  placeholder={ACCOUNT_ID_LABELS[entry.platform].placeholder}
                  value={accountId}
                  onChange={(e) => setAccountId(e.currentTarget.value)}
                  error={idError}
                  w={260}
                />
                {entry.platform === 'google_ads' && (
                  <TextInput
                    label="Merchant Center ID (optional)"
                    description="Reads its price competitiveness report with each sync"
                    placeholder="123456789"
                    value={merchantCenterId}
                    onChange={(e) => setMerchantCenterId(e.currentTarget.value)}
                    error={merchantError}
                    w={260}
                  />
                )}
                <Button
                  loading={authorize.isPending}
                  onClick={() => authorize.mutate({ platform: entry.platform, accountId, merchantCenterId })}
                >
                  {account && account.status === 'reconnect_needed' ? 'Reconnect' : `Connect ${entry.label}`}
                </Button>
              </Group>
            )}
            {canChange && account?.status === 'connected' && (
              <Group>
                <Button loading={sync.isPending} onClick={() => sync.mutate(account.id)}>
                  Sync Now
                </Button>
                <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                  Disconnect
                </Button>
              </Group>
            )}
            {account && (
              <ConfirmDialog
                opened={confirming}
                title={`Disconnect ${entry.label}?`}
                message="Its tokens are dropped and the daily sync stops. The figures already synced stay."
                confirmLabel="Disconnect"
                loading={disconnect.isPending}
                onClose={() => setConfirming(false)}
                onConfirm={() => disconnect.mutate(account.id, { onSettled: () => setConfirming(false) })}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Finishes a connection the platform sent the user back with (?code=...&state=...), once. */
function useReturnFromPlatform(companyId: number) {
  const search = useSearch({ strict: false }) as { code?: unknown; state?: unknown; error?: unknown };
  const navigate = useNavigate();
  const connect = useConnectAdAccount(companyId);
  const started = useRef(false);
  const code = typeof search.code === 'string' ? search.code : undefined;
  const state = typeof search.state === 'string' ? search.state : undefined;
  const denied = typeof search.error === 'string' ? search.error : undefined;
  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    connect.mutate(
      { code, state },
      { onSettled: () => void navigate({ to: PATHS.adsAccountVerifications, replace: true }) },
    );
  }, [code, state, connect, navigate]);
  return { connect, denied };
}

/**
 * /ads-account-verifications (Connect Ads Account): Google Ads and Meta connected through their
 * OAuth consent screens, synced daily (or now), or their figures imported from a CSV. A platform
 * whose OAuth client this server lacks says so and leaves the CSV import.
 */
export function AdsAccountVerificationsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const { connect, denied } = useReturnFromPlatform(companyId);
  const readable = canOpen(user, 'view_advertisement');
  const query = useQuery({ ...adAccountsQuery(companyId), enabled: readable });
  if (!readable)
    return (
      <Alert color="red" title="Unauthorized Access">
        You don't have permission to view this page. Please contact your Company Admin.
      </Alert>
    );
  const canChange = canPerform(user, 'change_advertisement');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Connect Ads Account</Title>
        <AdsNav />
      </Stack>
      {denied && (
        <Alert color="red" variant="light" title="Not connected">
          The platform did not grant access ({denied}). Try connecting again.
        </Alert>
      )}
      {connect.isPending && <Alert color="blue">Connecting the ad account…</Alert>}
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
      {!query.data ? (
        !query.isError && <Skeleton height={200} aria-label="Loading ad accounts" />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {query.data.platforms.map((entry) => (
            <PlatformCard key={entry.platform} entry={entry} canChange={canChange} />
          ))}
        </SimpleGrid>
      )}
      {canPerform(user, 'add_advertisement') && <AdFiguresImportCard companyId={companyId} />}
    </Stack>
  );
}
