import type {
  ConversationOutput,
  conversationActionOutput,
  SupportMessageOutput,
  supportAgentOutput,
  supportInboxOutput,
  supportReplyOutput,
  supportTemplateOutput,
} from '@b2b/domain/api/whatsapp-support';
import { SUPPORT_MESSAGES } from '@b2b/domain/whatsapp-support';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { notifyError, notifyFailure, notifySuccess } from '../../components/notify';

/** The inbox refreshes itself this often (no websockets: new messages arrive by polling). */
export const INBOX_REFRESH_MS = 5000;

// Timestamps arrive as ISO strings; the domain types allow string | Date, which dayjs reads alike.
export type Conversation = ConversationOutput;
export type SupportMessage = SupportMessageOutput;
export type InboxSummary = z.output<typeof supportInboxOutput>;
export type SupportAgent = z.output<typeof supportAgentOutput>;
export type SupportTemplate = z.output<typeof supportTemplateOutput>;
type ActionAnswer = z.output<typeof conversationActionOutput>;
type ReplyAnswer = z.output<typeof supportReplyOutput>;

export interface ConversationListParams {
  status?: 'open' | 'closed';
  assigned: 'all' | 'mine' | 'unassigned';
  search?: string;
}

export const supportKeys = {
  all: ['whatsapp-support'] as const,
  summary: (companyId: number) => [...supportKeys.all, 'summary', companyId] as const,
  lists: () => [...supportKeys.all, 'list'] as const,
  list: (companyId: number, params: ConversationListParams) =>
    [...supportKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...supportKeys.all, 'detail', id] as const,
  messages: (id: number, limit: number) => [...supportKeys.all, 'messages', id, limit] as const,
  agents: (companyId: number) => [...supportKeys.all, 'agents', companyId] as const,
  templates: (companyId: number) => [...supportKeys.all, 'templates', companyId] as const,
};

export const inboxSummaryQuery = (companyId: number) =>
  queryOptions({
    queryKey: supportKeys.summary(companyId),
    queryFn: ({ signal }) =>
      api.get<InboxSummary>(`admin/companies/${companyId}/whatsapp_support`, undefined, signal),
    refetchInterval: INBOX_REFRESH_MS,
  });

export const conversationsQuery = (companyId: number, params: ConversationListParams) =>
  queryOptions({
    queryKey: supportKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Conversation>>(
        `admin/companies/${companyId}/whatsapp_conversations`,
        { ...params, limit: 50 },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_REFRESH_MS,
  });

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: supportKeys.detail(id),
    queryFn: ({ signal }) => api.get<Conversation>(`admin/whatsapp_conversations/${id}`, undefined, signal),
    refetchInterval: INBOX_REFRESH_MS,
  });

/** The thread's newest `limit` messages (newest first, as the server pages them). */
export const messagesQuery = (id: number, limit: number) =>
  queryOptions({
    queryKey: supportKeys.messages(id, limit),
    queryFn: ({ signal }) =>
      api.get<Paged<SupportMessage>>(`admin/whatsapp_conversations/${id}/messages`, { limit }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_REFRESH_MS,
  });

export const agentsQuery = (companyId: number) =>
  queryOptions({
    queryKey: supportKeys.agents(companyId),
    queryFn: ({ signal }) =>
      api.get<Paged<SupportAgent>>(`admin/companies/${companyId}/whatsapp_support/agents`, undefined, signal),
  });

export const supportTemplatesQuery = (companyId: number) =>
  queryOptions({
    queryKey: supportKeys.templates(companyId),
    queryFn: ({ signal }) =>
      api.get<Paged<SupportTemplate>>(
        `admin/companies/${companyId}/whatsapp_support/templates`,
        undefined,
        signal,
      ),
  });

/** Every read of the inbox: a change to one conversation moves it in the lists, counts and thread. */
function useInvalidateInbox() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: supportKeys.all });
}

export interface ReplyBody {
  text?: string;
  template?: number;
  variables?: Record<string, string>;
}

export function useReply(conversationId: number) {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (body: ReplyBody) =>
      api.post<ReplyAnswer>(`admin/whatsapp_conversations/${conversationId}/messages`, body),
    onSuccess: (answer) => {
      void invalidate();
      if (answer.message.status === 'failed') notifyError(answer.detail, SUPPORT_MESSAGES.send_failed);
      else notifySuccess(answer.detail);
    },
    onError: (error) => notifyFailure('Failed to send the message.', error),
  });
}

export function useConversationAction(conversationId: number) {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (
      action: { kind: 'assign'; userId: number | null } | { kind: 'close' } | { kind: 'reopen' },
    ) =>
      action.kind === 'assign'
        ? api.post<ActionAnswer>(`admin/whatsapp_conversations/${conversationId}/assign`, {
            assigned_user: action.userId,
          })
        : api.post<ActionAnswer>(`admin/whatsapp_conversations/${conversationId}/${action.kind}`),
    onSuccess: (answer) => {
      void invalidate();
      notifySuccess(answer.detail);
    },
    onError: (error) => notifyFailure('Failed to update the conversation.', error),
  });
}

/** Opening a conversation with unread messages marks them read (a read never writes on the server). */
export function useMarkRead() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (conversationId: number) =>
      api.post<Conversation>(`admin/whatsapp_conversations/${conversationId}/read`),
    onSuccess: () => void invalidate(),
  });
}
