import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './campaign-message-fixtures.ts';

// A local stand-in of a Sentry-compatible service: POST /api/{project}/envelope/ records the
// envelope (its header line, item header and event) with the X-Sentry-Auth header it came with.

export interface ReceivedEnvelope {
  path: string;
  auth: string | undefined;
  contentType: string | undefined;
  header: Record<string, unknown>;
  item: Record<string, unknown>;
  event: Record<string, any>;
}

export interface SentryStandIn {
  /** A DSN pointing at the stand-in, project 42. */
  dsn: string;
  envelopes: ReceivedEnvelope[];
  /** Settles with the next envelope received. */
  next(): Promise<ReceivedEnvelope>;
  close(): Promise<void>;
}

export async function startSentryStandIn(): Promise<SentryStandIn> {
  const envelopes: ReceivedEnvelope[] = [];
  const waiting: ((envelope: ReceivedEnvelope) => void)[] = [];
  const server: Server = createServer(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    const [header, item, event] = raw.split('\n').map((line) => JSON.parse(line));
    const envelope = {
      path: request.url ?? '',
      auth: request.headers['x-sentry-auth'] as string | undefined,
      contentType: request.headers['content-type'],
      header,
      item,
      event,
    };
    envelopes.push(envelope);
    waiting.shift()?.(envelope);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ id: event?.event_id }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey123@127.0.0.1:${port}/42`,
    envelopes,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
