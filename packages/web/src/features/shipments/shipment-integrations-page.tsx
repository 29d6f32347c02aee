import { COURIER_ACCOUNT_MESSAGES as M } from '@b2b/domain/courier-accounts';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifyError, notifySuccess } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type CourierAccount,
  courierAccountListQuery,
  useCheckCourierConnection,
  useCreateCourierAccount,
  useUpdateCourierAccount,
} from '../courier-accounts/courier-accounts.api';
import { shipmentIntegrationsQuery } from './shipments.api';

interface AccountFields {
  courier_name: string;
  api_base_url: string;
  api_token: string;
  is_active: boolean;
}

/** Add or edit a courier account. The stored token is never shown: a new one replaces it. */
function CourierAccountDialog({
  companyId,
  account,
  onClose,
}: {
  companyId: number;
  account: CourierAccount | null;
  onClose: () => void;
}) {
  const create = useCreateCourierAccount(companyId);
  const update = useUpdateCourierAccount();
  const [fields, setFields] = useState<AccountFields>({
    courier_name: account?.courier_name ?? '',
    api_base_url: account?.api_base_url ?? '',
    api_token: '',
    is_active: account?.is_active ?? true,
  });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const problems: Record<string, string> = {};
  if (touched && fields.courier_name.trim() === '') problems.courier_name = M.name_required;
  if (touched && fields.api_base_url.trim() === '') problems.api_base_url = M.url_required;
  if (touched && !account && fields.api_token.trim() === '') problems.api_token = M.token_required;
  const errorOf = (field: string) => problems[field] ?? serverErrors[field];
  const set = <K extends keyof AccountFields>(key: K, value: AccountFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const onError = (error: unknown) => {
    if (!isApiError(error)) return;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? '']),
    );
    setServerErrors(errors);
    if (Object.keys(errors).length === 0 || errors.is_active) notifyError(error.detail);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (
      fields.courier_name.trim() === '' ||
      fields.api_base_url.trim() === '' ||
      (!account && fields.api_token.trim() === '')
    )
      return;
    const body = {
      courier_name: fields.courier_name.trim(),
      api_base_url: fields.api_base_url.trim(),
      ...(fields.api_token.trim() !== '' && { api_token: fields.api_token.trim() }),
      is_active: fields.is_active,
    };
    if (account) {
      update.mutate(
        { id: account.id, body },
        {
          onSuccess: () => {
            notifySuccess(M.updated);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate({ ...body, api_token: fields.api_token.trim() }, { onSuccess: onClose, onError });
    }
  };
  const title = account ? 'Edit Courier Account' : 'Add Courier Account';
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Courier Name"
            required
            maxLength={100}
            value={fields.courier_name}
            error={errorOf('courier_name')}
            onChange={(event) => set('courier_name', event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="API Base URL"
            required
            placeholder="https://api.courier.example/v1"
            value={fields.api_base_url}
            error={errorOf('api_base_url')}
            onChange={(event) => set('api_base_url', event.currentTarget.value)}
          />
          <PasswordInput
            label="API Token"
            required={!account}
            autoComplete="off"
            description={
              account
                ? 'A token is stored and never shown. Enter a new one to replace it.'
                : 'Stored encrypted; never shown again.'
            }
            value={fields.api_token}
            error={errorOf('api_token')}
            onChange={(event) => set('api_token', event.currentTarget.value)}
          />
          <Switch
            label="Active"
            description="The active account books shipments sent with the integration (one at a time)."
            checked={fields.is_active}
            onChange={(event) => set('is_active', event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {account ? 'Save' : 'Add Courier Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function LastCheck({ account }: { account: CourierAccount }) {
  if (account.last_checked_at === null) {
    return (
      <Text size="sm" c="dimmed">
        Not checked
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Badge color={account.last_check_ok ? 'green' : 'red'} variant="light" radius="sm">
        {account.last_check_ok ? 'Connected' : 'Failed'}
      </Badge>
      <Text size="xs" c="dimmed" maw={320}>
        {account.last_check_message} · {dayjs(account.last_checked_at).format('DD/MM/YYYY, hh:mm A')}
      </Text>
    </Stack>
  );
}

/**
 * /shipment-integrations (settings panel): the company's courier accounts, entered here (the
 * token stored encrypted and never shown again) and tested with Check connection. The active
 * account books the shipments sent with the integration; without one, the server's own courier
 * does when it has one, and otherwise the page says plainly that none is configured.
 */
export function ShipmentIntegrationsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const integrations = useQuery(shipmentIntegrationsQuery(companyId));
  const accounts = useQuery(courierAccountListQuery(companyId));
  const canAdd = canPerform(user, 'add_configuration');
  const canChange = canPerform(user, 'change_configuration');
  const check = useCheckCourierConnection();
  const [dialog, setDialog] = useState<CourierAccount | 'new' | null>(null);

  const columns: Column<CourierAccount>[] = [
    { key: 'courier_name', header: 'Courier', render: (a) => <Text fw={500}>{a.courier_name}</Text> },
    {
      key: 'api_base_url',
      header: 'API Base URL',
      render: (a) => (
        <Text size="sm" ff="monospace">
          {a.api_base_url}
        </Text>
      ),
    },
    { key: 'token', header: 'API Token', render: (a) => (a.has_api_token ? 'Stored (hidden)' : 'None') },
    {
      key: 'status',
      header: 'Status',
      render: (a) => <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(a.is_active).value} />,
    },
    { key: 'last_check', header: 'Connection', render: (a) => <LastCheck account={a} /> },
  ];
  const actions: Column<CourierAccount> = {
    key: 'actions',
    header: 'Actions',
    render: (a) => (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlugConnected size={14} />}
          aria-label={`Check connection of ${a.courier_name}`}
          loading={check.isPending && check.variables === a.id}
          onClick={() =>
            check.mutate(a.id, {
              onSuccess: (result) =>
                result.ok ? notifySuccess(result.detail) : notifyError(result.detail, M.check_failed),
            })
          }
        >
          Check connection
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Edit ${a.courier_name}`}
          onClick={() => setDialog(a)}
        >
          Edit
        </Button>
      </Group>
    ),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Shipment Integrations</Title>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('new')}>
            Add Courier Account
          </Button>
        ) : null}
      </Group>
      {integrations.error ? (
        <LoadErrorAlert
          error={integrations.error}
          onRetry={() => integrations.refetch()}
          title="Failed to load Shipment Integrations"
        />
      ) : !integrations.data ? null : integrations.data.configured ? (
        <Alert color="green" title="Shipments can be booked with a courier">
          {integrations.data.detail}
        </Alert>
      ) : (
        <Alert color="gray" title="No courier configured">
          {M.none_configured}
        </Alert>
      )}
      <Card withBorder padding="md">
        <DataTable
          label="Courier Accounts"
          columns={canChange ? [...columns, actions] : columns}
          rowKey={(a) => a.id}
          data={accounts.data}
          isLoading={accounts.isLoading}
          error={accounts.error}
          errorTitle="Failed to load Courier Accounts"
          onRetry={() => accounts.refetch()}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No courier accounts yet.
            </Text>
          }
        />
      </Card>
      {dialog !== null ? (
        <CourierAccountDialog
          key={dialog === 'new' ? 'new' : dialog.id}
          companyId={companyId}
          account={dialog === 'new' ? null : dialog}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
