import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path after /api/, e.g. 'companies/10/taxes' */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
}

export interface ApiAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Replaces fetch with a fake server: `answer` replies to each call (200 by default); a call it
 * does not answer gets 404 route_not_found. Every call is recorded in order.
 */
export function fakeApi(answer: (call: ApiCall) => ApiAnswer | undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\//, ''),
      query: url.searchParams,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const reply = answer(call) ?? { status: 404, body: { detail: 'Not found.', code: 'route_not_found' } };
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls that changed something (everything but GET). */
    changes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

export const paged = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
