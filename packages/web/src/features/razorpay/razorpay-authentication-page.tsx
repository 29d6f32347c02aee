import { razorpayConnect } from '@b2b/domain/api/razorpay';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type RazorpayAccount,
  razorpayAccountQuery,
  useCheckRazorpay,
  useConnectRazorpay,
  useDisconnectRazorpay,
} from './razorpay.api';

type Values = z.input<typeof razorpayConnect>;
const FIELDS = ['key_id', 'key_secret', 'webhook_secret'] as const;
const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '');

/** Key id, key secret and webhook secret; the secrets are never shown again once saved. */
function ConnectForm({ companyId, account }: { companyId: number; account: RazorpayAccount }) {
  const connect = useConnectRazorpay(companyId);
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(razorpayConnect),
    defaultValues: { key_id: account.key_id ?? '', key_secret: '', webhook_secret: '' },
  });
  const submit = form.handleSubmit((values) =>
    connect.mutate(razorpayConnect.parse(values), {
      onSuccess: () => form.reset({ key_id: values.key_id, key_secret: '', webhook_secret: '' }),
      onError: (error) => applyServerErrors(error, form.setError, FIELDS),
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextField
          control={form.control}
          name="key_id"
          label="Key Id"
          required
          placeholder="rzp_live_…"
          w={360}
        />
        <PasswordField
          control={form.control}
          name="key_secret"
          label="Key Secret"
          required
          placeholder={account.key_secret ? 'configured — enter it again to replace' : ''}
          w={360}
        />
        <PasswordField
          control={form.control}
          name="webhook_secret"
          label="Webhook Secret"
          required
          placeholder={account.webhook_secret ? 'configured — enter it again to replace' : ''}
          w={360}
        />
        {connect.isError && !form.formState.errors.key_id && (
          <Alert color="red">{connect.error.message}</Alert>
        )}
        <Group>
          <Button type="submit" loading={connect.isPending}>
            {account.connected ? 'Save' : 'Connect'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /razorpay-authentication (issue 26): the company's own Razorpay account. */
export function RazorpayAuthenticationPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canChange = canPerform(user, 'change_configuration');
  const query = useQuery(razorpayAccountQuery(companyId));
  const check = useCheckRazorpay(companyId);
  const disconnect = useDisconnectRazorpay(companyId);
  const [confirming, setConfirming] = useState(false);
  if (query.isError) return <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton height={240} aria-label="Loading Razorpay" />;
  const account = query.data;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={2}>Razorpay authentication</Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4">
              Razorpay account
            </Title>
            <Badge color={account.connected ? 'green' : 'gray'} variant="light">
              {account.connected ? 'Connected' : 'Not connected'}
            </Badge>
          </Group>
          {account.connected ? (
            <Stack gap={4}>
              <Text size="sm">
                Key Id: <Code>{account.key_id}</Code>
              </Text>
              <Text size="sm">Key Secret: {account.key_secret}</Text>
              <Text size="sm">Webhook Secret: {account.webhook_secret}</Text>
              <Text size="sm" c="dimmed">
                Connected {when(account.connected_at)}
              </Text>
              {account.last_checked_at && (
                <Text size="sm" c={account.last_check_ok ? 'green' : 'red'} aria-label="Last check">
                  {when(account.last_checked_at)}: {account.last_check_message}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm">
              Razorpay is not connected. Enter the key id and key secret from Razorpay Dashboard → Account
              &amp; Settings → API Keys to send payment links with your invoices and record the payments
              automatically.
            </Text>
          )}
          <Text size="sm">
            In Razorpay Dashboard → Webhooks, add this address with the events payment_link.paid and
            payment.captured, and the same webhook secret:
          </Text>
          <Code block>{account.webhook_url}</Code>
          {canChange && account.connected && (
            <Group>
              <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
                Check connection
              </Button>
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      {canChange ? (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {account.connected ? 'Replace the keys' : 'Connect Razorpay'}
            </Title>
            <ConnectForm companyId={companyId} account={account} />
          </Stack>
        </Card>
      ) : (
        <Text c="dimmed">You can see the Razorpay connection; a Company Admin connects it.</Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Disconnect Razorpay"
        message="Payment links are no longer made and Razorpay's webhooks are refused until the account is connected again. Links already sent stay as they are."
        confirmLabel="Disconnect"
        color="red"
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
