import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './campaign-message-fixtures.ts';
import { unique } from './factories.ts';

// A local stand-in of the WhatsApp Business Cloud API, built like the ones of the WhatsApp support
// and webhook tests: POST /{phone-number-id}/messages answers a wamid and is recorded; GET
// /{waba-id}/message_templates lists the templates set for that account, `pageSize` a page, with
// Meta's paging (paging.cursors.after, and paging.next while more follow).

export interface CloudTemplateEntry {
  name: string;
  language: string;
  status: string;
  rejected_reason?: string;
}

export interface CloudStandIn {
  /** The Graph address with its version, as the WhatsApp medium's api_url takes it. */
  url: string;
  /** Every request: method, path with query, authorization header, JSON body of a POST. */
  requests: { method: string; path: string; auth: string | undefined; body: unknown }[];
  /** The templates of each WhatsApp Business Account id. */
  templates: Map<string, CloudTemplateEntry[]>;
  pageSize: number;
  /** The next template list answers this error instead (Meta's error object). */
  failNext: { status: number; code: number; message: string } | null;
  close(): Promise<void>;
}

export async function startCloudStandIn(): Promise<CloudStandIn> {
  const state = {
    url: '',
    requests: [],
    templates: new Map(),
    pageSize: 2,
    failNext: null,
  } as Omit<CloudStandIn, 'close'>;
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    state.requests.push({
      method: request.method ?? '',
      path: `${url.pathname}${url.search}`,
      auth: request.headers.authorization,
      body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined,
    });
    response.setHeader('content-type', 'application/json');
    const listing = url.pathname.match(/\/([^/]+)\/message_templates$/);
    if (request.method === 'GET' && listing) {
      if (state.failNext) {
        const { status, code, message } = state.failNext;
        state.failNext = null;
        response.statusCode = status;
        response.end(JSON.stringify({ error: { code, message, type: 'OAuthException' } }));
        return;
      }
      const all = state.templates.get(decodeURIComponent(listing[1] as string)) ?? [];
      const start = Number(url.searchParams.get('after') ?? 0);
      const page = all.slice(start, start + state.pageSize);
      const end = start + page.length;
      response.end(
        JSON.stringify({
          data: page.map((t, i) => ({ id: String(900_000 + start + i), rejected_reason: 'NONE', ...t })),
          paging: {
            cursors: { before: String(start), after: String(end) },
            ...(end < all.length && { next: `${state.url}${url.pathname}?after=${end}` }),
          },
        }),
      );
      return;
    }
    if (request.method === 'POST' && url.pathname.endsWith('/messages')) {
      response.end(
        JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.out${unique()}` }] }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { code: 100, message: 'Unknown path' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return Object.assign(state, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
