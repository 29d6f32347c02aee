import { displayWhatsappNumber } from '@b2b/domain/whatsapp-support';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBrandWhatsapp, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canOpen } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { ConversationThread } from './conversation-thread';
import {
  type Conversation,
  type ConversationListParams,
  conversationsQuery,
  inboxSummaryQuery,
} from './whatsapp-support.api';

/** When a message came: the time today, the day otherwise. */
export function messageTime(at: string | Date | null | undefined): string {
  if (!at) return '';
  const day = dayjs(at);
  return day.isSame(dayjs(), 'day') ? day.format('HH:mm') : day.format('DD/MM/YYYY');
}

/** The empty state when the company has not connected WhatsApp yet. */
function NotConfigured() {
  const user = useCurrentUser();
  return (
    <Card withBorder padding="xl" component="section" aria-label="WhatsApp is not configured">
      <Stack align="center" gap="sm">
        <IconBrandWhatsapp size={40} aria-hidden />
        <Title order={3} size="h4">
          WhatsApp is not configured
        </Title>
        <Text c="dimmed" ta="center" maw={520}>
          Connect your WhatsApp Business number (Cloud API) to receive your buyers’ messages here and answer
          them.
        </Text>
        {canOpen(user, 'view_marketing_configuration') ? (
          <Anchor component={Link} to={PATHS.configureMediums}>
            Configure Mediums
          </Anchor>
        ) : (
          <Text size="sm">Ask your Company Admin to configure WhatsApp in Campaign Mediums.</Text>
        )}
      </Stack>
    </Card>
  );
}

/** Above conversations already received: the same news, without pushing them below the fold. */
function NotConfiguredNotice() {
  const user = useCurrentUser();
  return (
    <Alert
      color="yellow"
      icon={<IconBrandWhatsapp size={20} aria-hidden />}
      title="WhatsApp is not configured"
    >
      Messages received before stay readable; replies wait until your WhatsApp Business number is connected.{' '}
      {canOpen(user, 'view_marketing_configuration') ? (
        <Anchor component={Link} to={PATHS.configureMediums}>
          Configure Mediums
        </Anchor>
      ) : (
        'Ask your Company Admin to configure WhatsApp in Campaign Mediums.'
      )}
    </Alert>
  );
}

function ConversationItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${conversation.name}${conversation.unread_count > 0 ? `, ${conversation.unread_count} unread` : ''}`}
      p="sm"
      w="100%"
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-green-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={conversation.unread_count > 0 ? 700 : 500} size="sm" truncate miw={0}>
          {conversation.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {messageTime(conversation.last_message_at)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate miw={0}>
          {conversation.last_message_preview ?? displayWhatsappNumber(conversation.wa_number)}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {conversation.status === 'closed' && (
            <Badge size="xs" color="gray" variant="light">
              Closed
            </Badge>
          )}
          {conversation.unread_count > 0 && (
            <Badge size="sm" color="green" circle aria-hidden>
              {conversation.unread_count}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {conversation.assigned_user
          ? `${conversation.assigned_user.first_name} ${conversation.assigned_user.last_name}`.trim()
          : 'Unassigned'}
      </Text>
    </UnstyledButton>
  );
}

/** /whatsapp-support: the WhatsApp inbox, conversations on the left and the chosen thread on the right. */
export function WhatsappSupportPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const summary = useQuery(inboxSummaryQuery(companyId));
  const [assigned, setAssigned] = useState<ConversationListParams['assigned']>('all');
  const [status, setStatus] = useState<string>('open');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const params: ConversationListParams = {
    assigned,
    status: status === 'open' || status === 'closed' ? status : undefined,
    search: search || undefined,
  };
  const configured = summary.data?.configured === true;
  // Conversations already received stay readable when the medium is removed or not set up yet.
  const hasConversations = (summary.data?.counts.open ?? 0) > 0;
  const list = useQuery({
    ...conversationsQuery(companyId, params),
    enabled: configured || hasConversations,
  });
  const counts = summary.data?.counts;

  return (
    <Stack gap="md">
      <Title order={2}>Whatsapp Support</Title>
      {summary.isError ? (
        <LoadErrorAlert error={summary.error} onRetry={() => summary.refetch()} />
      ) : summary.isLoading ? (
        <Skeleton height={320} />
      ) : !configured && !hasConversations ? (
        <NotConfigured />
      ) : (
        <>
          {!configured && <NotConfiguredNotice />}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder padding="sm" component="section" aria-label="Conversations">
                <Stack gap="xs">
                  {summary.data && !summary.data.webhook_ready && (
                    <Text size="xs" c="orange">
                      Incoming messages need the app secret in the WhatsApp medium (Meta signs them with it).
                    </Text>
                  )}
                  <SegmentedControl
                    fullWidth
                    size="xs"
                    value={assigned}
                    onChange={(value) => setAssigned(value as ConversationListParams['assigned'])}
                    data={[
                      { value: 'all', label: 'All' },
                      { value: 'mine', label: `Mine${counts ? ` (${counts.mine})` : ''}` },
                      { value: 'unassigned', label: `Unassigned${counts ? ` (${counts.unassigned})` : ''}` },
                    ]}
                    aria-label="Whose conversations"
                  />
                  <Group gap="xs" wrap="nowrap">
                    <TextInput
                      aria-label="Search conversations"
                      placeholder="Name or phone"
                      leftSection={<IconSearch size={16} />}
                      value={searchText}
                      onChange={(event) => setSearchText(event.currentTarget.value)}
                      style={{ flex: 1 }}
                    />
                    <Select
                      aria-label="Status"
                      allowDeselect={false}
                      data={[
                        { value: 'open', label: 'Open' },
                        { value: 'closed', label: 'Closed' },
                        { value: 'all', label: 'All' },
                      ]}
                      value={status}
                      onChange={(value) => setStatus(value ?? 'open')}
                      w={100}
                    />
                  </Group>
                  {list.isError ? (
                    <LoadErrorAlert error={list.error} onRetry={() => list.refetch()} />
                  ) : list.isLoading ? (
                    <Skeleton height={200} />
                  ) : list.data?.results.length === 0 ? (
                    <Text c="dimmed" size="sm" ta="center" py="xl">
                      {search || assigned !== 'all' || status !== 'open'
                        ? 'No conversations match.'
                        : 'No conversations yet. Messages your buyers send to your WhatsApp number appear here.'}
                    </Text>
                  ) : (
                    <ScrollArea.Autosize mah="65vh" scrollbars="y" styles={{ content: { minWidth: 0 } }}>
                      <Stack gap={2} component="nav" aria-label="Conversation list">
                        {list.data?.results.map((conversation) => (
                          <ConversationItem
                            key={conversation.id}
                            conversation={conversation}
                            selected={conversation.id === selectedId}
                            onSelect={() => setSelectedId(conversation.id)}
                          />
                        ))}
                      </Stack>
                    </ScrollArea.Autosize>
                  )}
                </Stack>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {selectedId === null ? (
                <Card withBorder padding="xl">
                  <Text c="dimmed" ta="center">
                    Choose a conversation to read and answer it.
                  </Text>
                </Card>
              ) : (
                <ConversationThread key={selectedId} conversationId={selectedId} canSend={configured} />
              )}
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
