import type { NotificationItem } from '@b2b/domain/api/notifications';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { NotificationsPanel } from './notifications-panel';
import { NotificationBell } from './top-bar';

const USER = makeUser();
const PATH = 'companies/10/notifications';

const note = (n: number, type: NotificationItem['notification_type'] = 'warning'): NotificationItem => ({
  company_id: 10,
  // Newest first: note 12 is the latest.
  timestamp: new Date(Date.UTC(2025, 3, 1, 10, 0, n)).toISOString(),
  service: 'inventory',
  notification_type: type,
  message: `Stock of Product ${n} is 1 pcs, below its reorder point of 5.`,
});

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

/** A notifications service holding `open` (newest first), ten a page, keyed by index. */
function server(initial: NotificationItem[], options: { fail?: boolean } = {}) {
  let open = [...initial];
  return fakeApi((call: ApiCall) => {
    if (call.path !== PATH) return undefined;
    if (call.method === 'GET') {
      if (options.fail) return { status: 500, body: { detail: 'The notifications service is down.' } };
      const limit = Number(call.query.get('limit'));
      const start = Number(call.query.get('last_evaluated_key') || 0);
      const results = open.slice(start, start + limit);
      const next = start + limit < open.length ? String(start + limit) : null;
      return { body: { results, count: open.length, last_evaluated_key: next } };
    }
    if (call.method === 'DELETE') {
      const match = open.find(
        (n) => n.timestamp === call.query.get('timestamp') && n.service === call.query.get('service'),
      );
      if (!match) return { status: 404, body: { detail: 'Notification Not Found' } };
      open = open.filter((n) => n !== match);
      return { body: { detail: 'Warning has been Marked as Resolved.' } };
    }
    return undefined;
  });
}

const cards = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

describe('NotificationsPanel', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts loading, then shows 'No new notifications' when there are none", async () => {
    const api = server([]);
    renderWithProviders(<NotificationsPanel />, { user: USER });
    expect(screen.getByLabelText('Loading notifications')).toBeTruthy();
    expect(await screen.findByText('No new notifications')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View More' })).toBeNull();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].query.get('limit')).toBe('10');
    expect(api.calls[0].query.get('last_evaluated_key')).toBeNull();
  });

  it('shows service, type, message and time; View More appends the next page and hides on the last', async () => {
    const all = Array.from({ length: 12 }, (_, i) =>
      note(12 - i, i === 1 ? 'error' : i === 2 ? 'info' : 'warning'),
    );
    const api = server(all);
    renderWithProviders(<NotificationsPanel />, { user: USER });
    await waitFor(() => expect(cards()).toHaveLength(10));
    const first = cards()[0];
    expect(within(first).getByText('Inventory')).toBeTruthy();
    expect(within(first).getByText('Warning')).toBeTruthy();
    expect(within(first).getByText(all[0].message)).toBeTruthy();
    expect(within(first).getByText(/01\/04\/2025/)).toBeTruthy();
    expect(within(cards()[1]).getByText('Error')).toBeTruthy();
    expect(within(cards()[2]).getByText('Info')).toBeTruthy();
    expect(screen.getByText('12 open')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View More' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(api.calls.at(-1)?.query.get('last_evaluated_key')).toBe('10');
    expect(within(cards()[11]).getByText(all[11].message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View More' })).toBeNull();

    // Refresh goes back to the first page.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(api.calls.at(-1)?.query.get('last_evaluated_key')).toBeNull();
    expect(screen.getByRole('button', { name: 'View More' })).toBeTruthy();
  });

  it('Mark as Resolved shows a loading button, then the success message, and refreshes the list', async () => {
    const api = server([note(2), note(1, 'error')]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') await gate;
      return fake(input, init);
    });
    renderWithProviders(<NotificationsPanel />, { user: USER });
    await waitFor(() => expect(cards()).toHaveLength(2));
    const button = within(cards()[0]).getByRole('button', { name: 'Mark as Resolved' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    expect(
      within(cards()[1]).getByRole('button', { name: 'Mark as Resolved' }).getAttribute('data-loading'),
    ).toBeNull();
    release();
    await waitFor(() => expect(toasts()).toContain('Warning has been Marked as Resolved.'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]).getByText(note(1).message)).toBeTruthy();
    const resolve = api.changes()[0];
    expect(resolve.method).toBe('DELETE');
    expect(resolve.query.get('timestamp')).toBe(note(2).timestamp);
    expect(resolve.query.get('service')).toBe('inventory');
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('shows the failure with a Retry', async () => {
    server([], { fail: true });
    renderWithProviders(<NotificationsPanel />, { user: USER });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load notifications.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('NotificationBell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows how many notifications are open, and nothing when there are none', async () => {
    const api = server([note(3), note(2), note(1)]);
    const open = vi.fn();
    renderWithProviders(<NotificationBell onOpen={open} />, { user: USER });
    expect(await screen.findByText('3')).toBeTruthy();
    expect(api.calls[0].query.get('limit')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(open).toHaveBeenCalled();
  });

  it('asks again after any change the user makes', async () => {
    const api = server([note(1)]);
    const { queryClient } = renderWithProviders(<NotificationBell onOpen={() => {}} />, { user: USER });
    expect(await screen.findByText('1')).toBeTruthy();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.resolve('saved') })
      .execute(undefined);
    await waitFor(() => expect(api.calls).toHaveLength(2));
  });

  it('shows no count when nothing is open', async () => {
    const api = server([]);
    renderWithProviders(<NotificationBell onOpen={() => {}} />, { user: USER });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByText('0')).toBeNull();
  });
});
