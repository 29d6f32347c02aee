import { MAX_CART_ABANDON_AFTER_HOURS, STOREFRONT_MESSAGES } from '@b2b/domain/api/storefront';
import {
  SALES_CHANNEL_MESSAGES,
  SALES_CHANNEL_NAME_MAX,
  SALES_CHANNEL_TYPE_LABELS,
  SALES_CHANNEL_TYPES,
  type SalesChannelType,
} from '@b2b/domain/sales-channels';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { notifySuccess } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type SalesChannelCredentials,
  type SalesChannelDetail,
  salesChannelListQuery,
  useCreateSalesChannel,
  useGenerateCredentials,
  useUpdateCartSettings,
  useUpdateSalesChannel,
} from './sales-channels.api';

const columns: Column<SalesChannelDetail>[] = [
  {
    key: 'display_name',
    header: 'Sales Channel',
    render: (channel) => <Text fw={500}>{channel.display_name}</Text>,
  },
  {
    key: 'name',
    header: 'Code',
    render: (channel) => (
      <Text size="sm" c="dimmed" ff="monospace">
        {channel.name}
      </Text>
    ),
  },
  {
    key: 'channel_type',
    header: 'Type',
    render: (channel) => SALES_CHANNEL_TYPE_LABELS[channel.channel_type],
  },
  {
    key: 'marketing',
    header: 'Marketing',
    render: (channel) =>
      channel.is_marketing_enabled ? (
        <Badge color="violet" variant="light" radius="sm">
          Enabled
        </Badge>
      ) : (
        <Badge color="gray" variant="light" radius="sm">
          Disabled
        </Badge>
      ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (channel) => (
      <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(channel.is_active).value} />
    ),
  },
];

const credentialsColumn: Column<SalesChannelDetail> = {
  key: 'credentials',
  header: 'Storefront Credentials',
  render: (channel) =>
    channel.client_id ? (
      <Stack gap={0}>
        <Text size="xs" ff="monospace">
          {channel.client_id}
        </Text>
        <Text size="xs" c="dimmed">
          Secret set on {dayjs(channel.credentials_created_at).format('DD/MM/YYYY, hh:mm A')}
        </Text>
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        None
      </Text>
    ),
};

const cartWindowColumn: Column<SalesChannelDetail> = {
  key: 'cart_window',
  header: 'Cart Abandoned After',
  render: (channel) => `${channel.cart_abandon_after_hours} h`,
};

/** The new secret, shown this once, with a copy button and the warning that it will not be shown again. */
function CredentialsModal({
  channel,
  credentials,
  onClose,
}: {
  channel: { display_name: string } | null;
  credentials: Pick<SalesChannelCredentials, 'client_id' | 'client_secret'> | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={credentials !== null}
      onClose={onClose}
      title={`Credentials of ${channel?.display_name ?? 'the sales channel'}`}
      size="lg"
    >
      {credentials && (
        <Stack gap="md">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Shown only once">
            {STOREFRONT_MESSAGES.secret_warning}
          </Alert>
          <TextInput label="Client ID" value={credentials.client_id} readOnly ff="monospace" />
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Client Secret"
              value={credentials.client_secret}
              readOnly
              ff="monospace"
              style={{ flex: 1 }}
              data-testid="client-secret"
            />
            <CopyButton value={credentials.client_secret}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            The web store or app sends them with every request as the X-Client-Id and X-Client-Secret headers,
            with X-Buyer-Id naming the buyer it acts for.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface ChannelFields {
  display_name: string;
  channel_type: SalesChannelType | null;
  is_marketing_enabled: boolean;
  is_active: boolean;
}

/** Add or edit a channel: its name, type, marketing enablement and active switch. */
function ChannelDialog({
  companyId,
  channel,
  onClose,
  onCreated,
}: {
  companyId: number;
  channel: SalesChannelDetail | null;
  onClose: () => void;
  onCreated: (created: { display_name: string; client_id: string; client_secret: string }) => void;
}) {
  const create = useCreateSalesChannel(companyId);
  const update = useUpdateSalesChannel();
  const [fields, setFields] = useState<ChannelFields>({
    display_name: channel?.display_name ?? '',
    channel_type: channel?.channel_type ?? null,
    is_marketing_enabled: channel?.is_marketing_enabled ?? false,
    is_active: channel?.is_active ?? true,
  });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const problems: Record<string, string> = {};
  if (touched && fields.display_name.trim() === '')
    problems.display_name = SALES_CHANNEL_MESSAGES.name_required;
  if (touched && fields.channel_type === null) problems.channel_type = SALES_CHANNEL_MESSAGES.type_required;
  const errorOf = (field: string) => problems[field] ?? serverErrors[field];
  const set = <K extends keyof ChannelFields>(key: K, value: ChannelFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const onError = (error: unknown) => {
    if (isApiError(error)) {
      setServerErrors(
        Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? ''])),
      );
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (fields.display_name.trim() === '' || fields.channel_type === null) return;
    const body = {
      display_name: fields.display_name.trim(),
      channel_type: fields.channel_type,
      is_marketing_enabled: fields.is_marketing_enabled,
      is_active: fields.is_active,
    };
    if (channel) {
      update.mutate(
        { id: channel.id, body },
        {
          onSuccess: () => {
            notifySuccess(SALES_CHANNEL_MESSAGES.updated);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, { onSuccess: (created) => onCreated(created), onError });
    }
  };
  const title = channel ? 'Edit Sales Channel' : 'Add Sales Channel';
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            maxLength={SALES_CHANNEL_NAME_MAX}
            value={fields.display_name}
            error={errorOf('display_name')}
            onChange={(event) => set('display_name', event.currentTarget.value)}
            description={channel ? `Code: ${channel.name} (it does not change)` : undefined}
            data-autofocus
          />
          <Select
            label="Type"
            required
            data={SALES_CHANNEL_TYPES.map((type) => ({
              value: type,
              label: SALES_CHANNEL_TYPE_LABELS[type],
            }))}
            value={fields.channel_type}
            error={errorOf('channel_type')}
            onChange={(value) => set('channel_type', value as SalesChannelType | null)}
          />
          <Switch
            label="Marketing enabled"
            description="Campaigns and recurring campaigns can target this channel's buyers."
            checked={fields.is_marketing_enabled}
            onChange={(event) => set('is_marketing_enabled', event.currentTarget.checked)}
          />
          <Switch
            label="Active"
            description="An inactive channel is not offered on orders, and its cart API refuses requests."
            checked={fields.is_active}
            onChange={(event) => set('is_active', event.currentTarget.checked)}
          />
          {!channel ? (
            <Text size="sm" c="dimmed">
              A client id and secret for the cart API are generated with the channel; the secret is shown
              once.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {channel ? 'Save' : 'Add Sales Channel'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The hours after which a cart nobody touched is abandoned. */
function CartWindowModal({ channel, onClose }: { channel: SalesChannelDetail | null; onClose: () => void }) {
  const update = useUpdateCartSettings();
  const [hours, setHours] = useState<string | number>(channel?.cart_abandon_after_hours ?? 24);
  const valid =
    Number.isInteger(Number(hours)) && Number(hours) >= 1 && Number(hours) <= MAX_CART_ABANDON_AFTER_HOURS;
  return (
    <Modal opened={channel !== null} onClose={onClose} title="Cart Window">
      {channel && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            update.mutate({ id: channel.id, hours: Number(hours) }, { onSuccess: onClose });
          }}
        >
          <Stack gap="md">
            <NumberInput
              label="Abandon carts after (hours)"
              description={`Carts of ${channel.display_name} that nobody changes for this long are abandoned.`}
              value={hours}
              onChange={setHours}
              min={1}
              max={MAX_CART_ABANDON_AFTER_HOURS}
              allowDecimal={false}
              error={valid ? undefined : STOREFRONT_MESSAGES.abandon_hours}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!valid}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * /web-stores (Sales Channels): the channels the company sells through, with the credentials their
 * web stores and apps sign storefront requests with and the window after which carts are abandoned.
 */
export function SalesChannelsPage() {
  const channels = useQuery(salesChannelListQuery);
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_sales_channel');
  const canAdd = canPerform(user, 'add_sales_channel');
  const generate = useGenerateCredentials();
  const [shown, setShown] = useState<{
    channel: { display_name: string };
    credentials: Pick<SalesChannelCredentials, 'client_id' | 'client_secret'>;
  } | null>(null);
  const [editing, setEditing] = useState<SalesChannelDetail | null>(null);
  const [dialog, setDialog] = useState<SalesChannelDetail | 'new' | null>(null);
  const actionsColumn: Column<SalesChannelDetail> = {
    key: 'actions',
    header: 'Actions',
    render: (channel) => (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconKey size={14} />}
          loading={generate.isPending && generate.variables === channel.id}
          aria-label={`${channel.client_id ? 'Rotate secret of' : 'Generate credentials for'} ${channel.display_name}`}
          onClick={() => {
            if (
              channel.client_id &&
              !window.confirm(
                `Rotate the secret of ${channel.display_name}? The current secret stops working at once.`,
              )
            ) {
              return;
            }
            generate.mutate(channel.id, { onSuccess: (credentials) => setShown({ channel, credentials }) });
          }}
        >
          {channel.client_id ? 'Rotate secret' : 'Generate Credentials'}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Edit ${channel.display_name}`}
          onClick={() => setDialog(channel)}
        >
          Edit
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Cart window of ${channel.display_name}`}
          onClick={() => setEditing(channel)}
        >
          Cart Window
        </Button>
      </Group>
    ),
  };
  const allColumns = [...columns, credentialsColumn, cartWindowColumn, ...(canChange ? [actionsColumn] : [])];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Sales Channels</Title>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('new')}>
            Add Sales Channel
          </Button>
        ) : null}
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The channels your company sells through. A web store or app signs its cart and catalog requests
            with its channel&apos;s client id and secret.
          </Text>
          <DataTable
            label="Sales Channels"
            columns={allColumns}
            rowKey={(channel) => channel.id}
            data={channels.data}
            isLoading={channels.isLoading}
            error={channels.error}
            errorTitle="Failed to load Sales Channels"
            onRetry={() => channels.refetch()}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No sales channels yet.
              </Text>
            }
          />
        </Stack>
      </Card>
      <CredentialsModal
        channel={shown?.channel ?? null}
        credentials={shown?.credentials ?? null}
        onClose={() => setShown(null)}
      />
      {dialog !== null ? (
        <ChannelDialog
          key={dialog === 'new' ? 'new' : dialog.id}
          companyId={user.company.id}
          channel={dialog === 'new' ? null : dialog}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            setDialog(null);
            setShown({ channel: created, credentials: created });
          }}
        />
      ) : null}
      <CartWindowModal key={editing?.id ?? 0} channel={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
