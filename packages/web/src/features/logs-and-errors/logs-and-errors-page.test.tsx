import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { AuditLogEntry, FailedJob } from './logs-and-errors.api';
import { LogsAndErrorsPage } from './logs-and-errors-page';

const JOB: FailedJob = {
  id: '6f1c1d2e-7a3b-4c5d-8e9f-001122334455',
  queue: 'mail.send',
  queue_label: 'Mail',
  error: 'SMTP server refused the connection',
  subject: null,
  retry_count: 5,
  created_at: '2026-11-30T09:00:00Z',
  failed_at: '2026-11-30T09:10:00Z',
};

const ENTRY: AuditLogEntry = {
  id: 91,
  created_at: '2026-11-30T10:00:00Z',
  area: 'buyer',
  area_label: 'Buyer',
  record_id: 41,
  record_path: '/buyers/41',
  action: 'updated',
  action_label: 'Updated',
  changes: { credit_limit: { from: 0, to: 5000 } },
  user: { id: 3, first_name: 'Priya', last_name: 'Sharma', email: 'priya@example.in' },
};

const STOPPED_IMPORT = {
  id: 12,
  kind: 'import_products',
  status: 'abundanded_due_to_deadlock',
  file_name: 'price-list.csv',
  total_rows: 4000,
  processed_rows: 0,
  created_count: 0,
  updated_count: 0,
  failed_count: 0,
  import_valid_rows: false,
  errors: [],
  created_by: null,
  started_at: '2026-11-30T08:00:00Z',
  finished_at: '2026-11-30T08:01:00Z',
  created_at: '2026-11-30T08:00:00Z',
};

function server(options: { stopped?: boolean } = {}) {
  let failed = [JOB];
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/failed_jobs') return { body: paged(failed) };
    if (call.method === 'GET' && call.path === 'companies/10/bulk_jobs') {
      expect(call.query.get('status')).toBe('abundanded_due_to_deadlock');
      return { body: paged(options.stopped ? [STOPPED_IMPORT] : []) };
    }
    if (call.method === 'POST' && call.path === `companies/10/failed_jobs/${JOB.id}/retry`) {
      failed = [];
      return { body: { id: JOB.id, queued: true, detail: 'The job is queued again.' } };
    }
    if (call.method === 'GET' && call.path === 'companies/10/audit_log') return { body: paged([ENTRY]) };
    if (call.method === 'GET' && call.path === 'companies/10/users') return { body: paged([]) };
    return undefined;
  });
}

describe('LogsAndErrorsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a failed job with its error and retries it', async () => {
    const api = server();
    renderScreen(() => <LogsAndErrorsPage />, {
      user: withPermissions(['view_configuration', 'change_configuration']),
    });
    const table = await screen.findByRole('table', { name: 'Failed background work' });
    await within(table).findByText('SMTP server refused the connection');
    fireEvent.click(within(table).getByRole('button', { name: `Retry Mail ${JOB.id}` }));
    await waitFor(() => expect(api.changes()[0]?.path).toBe(`companies/10/failed_jobs/${JOB.id}/retry`));
    expect(await screen.findByText('No background work has failed.')).toBeTruthy();
  });

  it('names the imports that stopped part way and sends the user to the Import Center', async () => {
    server({ stopped: true });
    renderScreen(() => <LogsAndErrorsPage />, {
      user: withPermissions(['view_configuration', 'view_product']),
    });
    expect(await screen.findByText('1 import stopped part way')).toBeTruthy();
    expect(screen.getByText(/Products #12 · price-list\.csv/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Import Center' }).getAttribute('href')).toBe(
      '/bulk-import/import-center',
    );
  });

  it('hides Retry from a user who may only view, and links an audit row to its record', async () => {
    server();
    renderScreen(() => <LogsAndErrorsPage />, { user: withPermissions(['view_configuration']) });
    const table = await screen.findByRole('table', { name: 'Failed background work' });
    await within(table).findByText('Mail');
    expect(within(table).queryByRole('button', { name: /Retry/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    const log = await screen.findByRole('table', { name: 'Audit log' });
    const link = await within(log).findByRole('link', { name: 'Buyer #41' });
    expect(link.getAttribute('href')).toBe('/buyers/41');
    expect(within(log).getByText('Priya Sharma')).toBeTruthy();
  });
});
