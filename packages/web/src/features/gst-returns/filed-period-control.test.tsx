import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { FiledPeriodControl } from './filed-period-control';
import type { FiledPeriod } from './gstr3b.api';

const GSTIN = '27AAPFU0939F1ZV';
const PATH = 'admin/companies/10/gst_returns/filed_periods';

/** The filed periods of one GSTIN and month, as the server keeps them. */
function server() {
  let rows: FiledPeriod[] = [];
  return fakeApi((call) => {
    if (call.path === PATH && call.method === 'GET') return { body: paged(rows) };
    if (call.path === PATH && call.method === 'POST') {
      const row = {
        id: 7,
        ...(call.body as { gstin: string; period: string; return_type: 'gstr1' }),
        filed_at: '2026-11-03T10:00:00Z',
        filed_by: { id: 1, name: 'Priya Sharma' },
      };
      rows = [row];
      return { status: 201, body: row };
    }
    if (call.path === `${PATH}/7` && call.method === 'DELETE') {
      rows = [];
      return { status: 204 };
    }
  });
}

const control = (canChange: boolean) => (
  <FiledPeriodControl
    companyId={10}
    gstin={GSTIN}
    period="2026-10"
    returnType="gstr1"
    canChange={canChange}
  />
);

describe('FiledPeriodControl', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('marks the return filed after a confirmation, then reopens it', async () => {
    const api = server();
    renderScreen(() => control(true), { user: withPermissions(['view_gst_return', 'change_gst_return']) });
    expect(await screen.findByText('GSTR-1 not filed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark GSTR-1 filed' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Mark GSTR-1 for October 2026 of 27AAPFU0939F1ZV filed?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark filed' }));
    expect(await screen.findByText('GSTR-1 filed')).toBeTruthy();
    expect(screen.getByText('Marked filed on 03/11/2026 by Priya Sharma')).toBeTruthy();
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'GSTR-1 for October 2026 marked filed.' }),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reopen GSTR-1' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('GSTR-1 not filed')).toBeTruthy();
    expect(api.changes().map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', PATH, { gstin: GSTIN, period: '2026-10', return_type: 'gstr1' }],
      ['DELETE', `${PATH}/7`, undefined],
    ]);
  });

  it('only shows the state to a user who may not change returns', async () => {
    server();
    renderScreen(() => control(false), { user: withPermissions(['view_gst_return']) });
    expect(await screen.findByText('GSTR-1 not filed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark GSTR-1 filed' })).toBeNull();
  });
});
