import {
  CONVERSATION_STATUSES,
  SUPPORT_MESSAGE_STATUSES,
  SUPPORT_MESSAGES,
} from '@b2b/domain/whatsapp-support';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { ChatText } from './chat-text';
import {
  agentsQuery,
  type Conversation,
  conversationQuery,
  messagesQuery,
  type SupportMessage,
  supportTemplatesQuery,
  useConversationAction,
  useMarkRead,
  useReply,
} from './whatsapp-support.api';

const PAGE = 30;
/** Variables the server fills from the conversation (the customer's and the company's names). */
const FILLED_BY_SERVER = new Set(['contact_name', 'buyer_name', 'company_name']);

function MessageBubble({ message }: { message: SupportMessage }) {
  const outgoing = message.direction === 'outgoing';
  const sender = message.sent_by ? `${message.sent_by.first_name} ${message.sent_by.last_name}`.trim() : null;
  return (
    <Group justify={outgoing ? 'flex-end' : 'flex-start'}>
      <Paper
        p="xs"
        radius="md"
        maw="80%"
        bg={outgoing ? 'var(--mantine-color-green-light)' : 'var(--mantine-color-gray-light)'}
        aria-label={outgoing ? 'Sent message' : 'Received message'}
      >
        {message.template && (
          <Text size="xs" c="dimmed">
            Template: {message.template.name}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <ChatText text={message.body} />
        </Text>
        <Group gap={6} justify="flex-end" mt={4}>
          {sender && (
            <Text size="xs" c="dimmed">
              {sender}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {dayjs(message.sent_at).format('DD/MM/YYYY HH:mm')}
          </Text>
          {outgoing && <StatusBadge options={SUPPORT_MESSAGE_STATUSES} value={message.status} />}
        </Group>
        {message.error && (
          <Text size="xs" c="red">
            {message.error}
          </Text>
        )}
      </Paper>
    </Group>
  );
}

/** The reply box: free text inside the 24-hour window, an approved template outside it. */
function ReplyBox({ conversation }: { conversation: Conversation }) {
  const user = useCurrentUser();
  const reply = useReply(conversation.id);
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const windowOpen = conversation.reply_window.open;
  const templates = useQuery({ ...supportTemplatesQuery(user.company.id), enabled: !windowOpen });
  const template = templates.data?.results.find((t) => String(t.id) === templateId);
  const toFill = template?.variables.filter((name) => !FILLED_BY_SERVER.has(name)) ?? [];

  if (conversation.status === 'closed')
    return (
      <Text size="sm" c="dimmed">
        This conversation is closed. Reopen it to reply.
      </Text>
    );
  if (windowOpen)
    return (
      <Stack
        gap="xs"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return;
          reply.mutate({ text }, { onSuccess: () => setText('') });
        }}
      >
        <Textarea
          label="Reply"
          placeholder="Type a message"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4096}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            You can reply freely until{' '}
            {conversation.reply_window.closes_at
              ? dayjs(conversation.reply_window.closes_at).format('DD/MM/YYYY HH:mm')
              : ''}{' '}
            (24 hours after the customer’s last message).
          </Text>
          <Button type="submit" loading={reply.isPending} disabled={!text.trim()}>
            Send
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!template) return;
        reply.mutate(
          { template: template.id, variables: values },
          {
            onSuccess: () => {
              setTemplateId(null);
              setValues({});
            },
          },
        );
      }}
    >
      <Alert color="yellow" title="The 24-hour window is closed">
        {SUPPORT_MESSAGES.window_closed}
      </Alert>
      <Select
        label="Template"
        placeholder={
          templates.data?.results.length === 0 ? 'No approved WhatsApp templates' : 'Choose a template'
        }
        data={(templates.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        value={templateId}
        onChange={(value) => {
          setTemplateId(value);
          setValues({});
        }}
        searchable
      />
      {template && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {template.body}
        </Text>
      )}
      {toFill.map((name) => (
        <TextInput
          key={name}
          label={name.replaceAll('_', ' ')}
          value={values[name] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, [name]: value }));
          }}
        />
      ))}
      <Group justify="flex-end">
        <Button type="submit" loading={reply.isPending} disabled={!template}>
          Send template
        </Button>
      </Group>
    </Stack>
  );
}

/** One conversation: who it is, its assignment and state, the thread, and the reply box. */
export function ConversationThread({
  conversationId,
  canSend = true,
}: {
  conversationId: number;
  /** False while WhatsApp is not configured: the thread reads, nothing can be sent. */
  canSend?: boolean;
}) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_whatsapp_support');
  const [limit, setLimit] = useState(PAGE);
  const conversation = useQuery(conversationQuery(conversationId));
  const messages = useQuery(messagesQuery(conversationId, limit));
  const agents = useQuery({ ...agentsQuery(user.company.id), enabled: canChange });
  const action = useConversationAction(conversationId);
  const markRead = useMarkRead();
  const bottom = useRef<HTMLDivElement>(null);
  const newest = messages.data?.results[0]?.id;

  const unread = conversation.data?.unread_count ?? 0;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread > 0) read(conversationId);
  }, [unread, conversationId, read]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a newer message arrives
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  if (conversation.isError)
    return <LoadErrorAlert error={conversation.error} onRetry={() => conversation.refetch()} />;
  if (!conversation.data) return <Skeleton height={400} />;
  const c = conversation.data;
  const thread = [...(messages.data?.results ?? [])].reverse();
  const assignedId = c.assigned_user ? String(c.assigned_user.id) : null;

  return (
    <Card withBorder padding="md" component="section" aria-label={`Conversation with ${c.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {c.name}
              </Title>
              <StatusBadge options={CONVERSATION_STATUSES} value={c.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {c.display_number}
              {c.profile_name && c.profile_name !== c.name ? ` · ${c.profile_name} on WhatsApp` : ''}
            </Text>
            <Group gap={4}>
              {c.buyer && (
                <Badge variant="outline" size="sm">
                  Buyer: {c.buyer.name}
                </Badge>
              )}
              {c.contact && !c.buyer && (
                <Badge variant="outline" size="sm">
                  Contact: {c.contact.name}
                </Badge>
              )}
            </Group>
          </Stack>
          {canChange && (
            <Group gap="xs" align="flex-end">
              <Select
                label="Assigned to"
                placeholder="Unassigned"
                data={(agents.data?.results ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.first_name} ${a.last_name}`.trim(),
                }))}
                value={assignedId}
                onChange={(value) => action.mutate({ kind: 'assign', userId: value ? Number(value) : null })}
                clearable
                w={200}
              />
              {c.assigned_user?.id !== user.id && (
                <Button variant="light" onClick={() => action.mutate({ kind: 'assign', userId: user.id })}>
                  Assign to me
                </Button>
              )}
              {c.status === 'open' ? (
                <Button variant="default" onClick={() => action.mutate({ kind: 'close' })}>
                  Close
                </Button>
              ) : (
                <Button variant="default" onClick={() => action.mutate({ kind: 'reopen' })}>
                  Reopen
                </Button>
              )}
            </Group>
          )}
        </Group>
        <ScrollArea h="50vh" type="auto" aria-label="Messages">
          <Stack gap="xs" p="xs">
            {messages.data && messages.data.count > thread.length && (
              <Group justify="center">
                <Button variant="subtle" size="xs" onClick={() => setLimit((n) => n + PAGE)}>
                  Load earlier messages
                </Button>
              </Group>
            )}
            {messages.isError ? (
              <LoadErrorAlert error={messages.error} onRetry={() => messages.refetch()} />
            ) : messages.isLoading ? (
              <Skeleton height={120} />
            ) : (
              thread.map((message) => <MessageBubble key={message.id} message={message} />)
            )}
            <Box ref={bottom} />
          </Stack>
        </ScrollArea>
        {!canSend ? (
          <Text size="sm" c="dimmed">
            Replies go out once WhatsApp is configured.
          </Text>
        ) : canChange ? (
          <ReplyBox conversation={c} />
        ) : (
          <Text size="sm" c="dimmed">
            You can read this conversation; answering it needs the Edit Whatsapp Support permission.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
