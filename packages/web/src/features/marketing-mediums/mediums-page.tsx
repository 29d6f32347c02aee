import { type MarketingMedium, MEDIUM_LABELS } from '@b2b/domain/api/marketing-mediums';
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
import { IconBell, IconBrandWhatsapp, IconMail, IconMessage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type Medium,
  marketingConfigurationQuery,
  useGenerateVapidKeys,
  useRemoveMedium,
  useTestMedium,
} from './marketing-mediums.api';
import { MediumFormDialog } from './medium-form-dialog';
import { SmsTestDialog } from './sms-test-dialog';

const ICONS: Record<MarketingMedium, ReactNode> = {
  email: <IconMail size={22} />,
  sms: <IconMessage size={22} />,
  whatsapp: <IconBrandWhatsapp size={22} />,
  push_notification: <IconBell size={22} />,
};

const WHAT_IT_SENDS: Record<MarketingMedium, string> = {
  email: 'Campaign e-mails with an unsubscribe link, from your address.',
  sms: 'DLT-registered SMS through Gupshup, with your sender ID.',
  whatsapp: 'Approved templates through the WhatsApp Business Cloud API.',
  push_notification: 'Notifications to buyers who allowed them on your web store.',
};

function statusOf(medium: Medium): { label: string; color: string } {
  if (medium.configured) return { label: 'Configured', color: 'green' };
  if (medium.updated_at && !medium.is_enabled) return { label: 'Turned off', color: 'gray' };
  if (medium.updated_at) return { label: 'Incomplete', color: 'orange' };
  return { label: 'Not configured', color: 'gray' };
}

/**
 * /campaign-configuration/configure-mediums: how campaigns reach contacts. A medium that is not
 * configured cannot be chosen for a campaign; each card says so, and what is missing.
 */
export function MediumsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canChange = canPerform(user, 'change_marketing_configuration');
  const config = useQuery(marketingConfigurationQuery(companyId));
  const [editing, setEditing] = useState<Medium | null>(null);
  const [removing, setRemoving] = useState<Medium | null>(null);
  const [testingSms, setTestingSms] = useState(false);
  const test = useTestMedium(companyId);
  const remove = useRemoveMedium(companyId);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Campaign Mediums</Title>
        <Text c="dimmed" size="sm">
          Connect the ways your campaigns reach buyers and contacts. Passwords and tokens are stored encrypted
          and are never shown again.
        </Text>
      </div>
      {!canChange && <ReadOnlyNotice thing="campaign mediums" />}
      {config.data && !config.data.is_marketing_enabled && (
        <Alert color="yellow" title="Marketing is switched off">
          Campaigns cannot be sent until your Company Admin enables marketing for the company.
        </Alert>
      )}
      {config.isError ? (
        <LoadErrorAlert
          error={config.error}
          onRetry={() => config.refetch()}
          title="Failed to load Campaign Mediums"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {config.isLoading || !config.data
            ? [0, 1, 2, 3].map((i) => <Skeleton key={i} height={190} radius="md" />)
            : config.data.mediums.map((medium) => (
                <MediumCard
                  key={medium.medium}
                  medium={medium}
                  canChange={canChange && config.data.is_marketing_enabled}
                  testing={test.isPending && test.variables?.medium === medium.medium}
                  onEdit={() => setEditing(medium)}
                  onTest={() =>
                    medium.medium === 'sms'
                      ? setTestingSms(true)
                      : test.mutate({ medium: medium.medium, body: {} })
                  }
                  onRemove={() => setRemoving(medium)}
                  platformMail={config.data.platform_mail_configured}
                  extra={
                    medium.medium === 'push_notification' && !medium.updated_at && canChange ? (
                      <VapidGenerator companyId={companyId} />
                    ) : null
                  }
                />
              ))}
        </SimpleGrid>
      )}
      {editing && config.data && (
        <MediumFormDialog
          companyId={companyId}
          medium={editing}
          platformMail={config.data.platform_mail_configured}
          onClose={() => setEditing(null)}
        />
      )}
      {testingSms && <SmsTestDialog companyId={companyId} onClose={() => setTestingSms(false)} />}
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing ? MEDIUM_LABELS[removing.medium] : ''} settings?`}
        message="Its passwords and tokens are deleted, and campaigns can no longer use this medium until it is set up again."
        confirmLabel="Remove"
        color="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.medium, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function MediumCard(props: {
  medium: Medium;
  canChange: boolean;
  testing: boolean;
  onEdit: () => void;
  onTest: () => void;
  onRemove: () => void;
  extra: ReactNode;
  platformMail: boolean;
}) {
  const { medium, canChange } = props;
  const status = statusOf(medium);
  const label = MEDIUM_LABELS[medium.medium];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={label}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {ICONS[medium.medium]}
            <Title order={3} size="h4">
              {label}
            </Title>
          </Group>
          <Badge
            color={status.color}
            variant="light"
            radius="sm"
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {WHAT_IT_SENDS[medium.medium]}
        </Text>
        {medium.updated_at && (
          <Text size="xs" c="dimmed">
            Saved {dayjs(medium.updated_at).format('DD/MM/YYYY, hh:mm A')}
            {medium.updated_by_name ? ` by ${medium.updated_by_name}` : ''}
          </Text>
        )}
        {medium.last_test && (
          <Alert color={medium.last_test.ok ? 'green' : 'red'} variant="light" p="xs">
            <Text size="sm">
              Last test {dayjs(medium.last_test.tested_at).format('DD/MM/YYYY, hh:mm A')}:{' '}
              {medium.last_test.message}
            </Text>
          </Alert>
        )}
        {medium.medium === 'email' && medium.settings.mode === 'platform' && !props.platformMail && (
          <Text size="sm" c="orange.9">
            The app's mail server is not set up on this server (SMTP_URL): choose your own SMTP server to
            send.
          </Text>
        )}
        {!medium.updated_at && <Text size="sm">{label} is not configured: campaigns cannot use it yet.</Text>}
        {props.extra}
        {canChange && (
          <Group gap="xs" mt="auto">
            <Button size="xs" onClick={props.onEdit}>
              {medium.updated_at ? 'Edit' : 'Set Up'}
            </Button>
            {medium.updated_at && (
              <>
                <Button size="xs" variant="light" loading={props.testing} onClick={props.onTest}>
                  {medium.medium === 'sms' ? 'Send Test SMS' : 'Test'}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={props.onRemove}>
                  Remove
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Web Push needs a VAPID key pair: made on the server, the private key never leaves it. */
function VapidGenerator({ companyId }: { companyId: number }) {
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string>();
  const generate = useGenerateVapidKeys(companyId);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        size="xs"
        label="Contact for push services"
        placeholder="mailto:admin@yourcompany.in"
        value={subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
        error={error}
      />
      <Button
        size="xs"
        variant="light"
        loading={generate.isPending}
        onClick={() =>
          generate.mutate(subject, {
            onError: (e) => setError(isApiError(e) ? (e.errors.vapid_subject?.[0] ?? e.detail) : String(e)),
            onSuccess: () => setError(undefined),
          })
        }
      >
        Generate Keys
      </Button>
    </Group>
  );
}
