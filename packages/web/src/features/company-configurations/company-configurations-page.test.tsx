import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { CompanyConfiguration } from './company-configurations.api';
import { CompanyConfigurationsPage } from './company-configurations-page';

const canChange = withPermissions(['change_configuration']);

function server(initial: CompanyConfiguration[]) {
  let entries = initial.map((entry) => ({ ...entry }));
  return fakeApi((call) => {
    // The print card's signature image (issue 26): none uploaded.
    if (call.path.endsWith('/print_signature')) return { body: { print_signature_set: false } };
    if (call.path !== 'company_configurations' && !call.path.startsWith('company_configurations/')) return;
    if (call.method === 'GET') return { body: entries };
    if (call.method === 'POST') {
      const created = { id: entries.length + 1, ...(call.body as Omit<CompanyConfiguration, 'id'>) };
      entries = [...entries, created];
      return { status: 201, body: created };
    }
    const id = Number(call.path.split('/')[1]);
    entries = entries.map((entry) => (entry.id === id ? { ...entry, ...(call.body as object) } : entry));
    return { body: entries.find((entry) => entry.id === id) };
  });
}

const card = async (name: string) => screen.findByRole('region', { name });

describe('CompanyConfigurationsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('enables a type not stored yet by creating it with its default settings', async () => {
    const api = server([]);
    renderScreen(() => <CompanyConfigurationsPage />, { user: canChange });
    const batch = await card('Batch Configuration');
    expect(within(batch).getByText('Disabled')).toBeTruthy();
    fireEvent.click(within(batch).getByRole('switch', { name: 'Enable Batch Configuration' }));
    await waitFor(() => expect(within(batch).getByText('Enabled')).toBeTruthy());
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          configuration_type: 'batch_configuration',
          configurations: { expiry_alert_days: 30, is_batch_mandatory: false },
          is_enabled: true,
        },
      }),
    ]);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Configurations updated successfully.' }),
      ),
    );
  });

  it('switches back-dated invoices on: off by default, a switch without settings (issue 16)', async () => {
    const api = server([]);
    renderScreen(() => <CompanyConfigurationsPage />, { user: canChange });
    const backDating = await card('Back-dated Invoices');
    expect(within(backDating).getByText('Disabled')).toBeTruthy();
    fireEvent.click(within(backDating).getByRole('switch', { name: 'Enable Back-dated Invoices' }));
    await waitFor(() => expect(within(backDating).getByText('Enabled')).toBeTruthy());
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { configuration_type: 'back_dated_invoices', configurations: {}, is_enabled: true },
      }),
    ]);
  });

  it('shows stored settings and saves a change as a PATCH that keeps unknown keys', async () => {
    const api = server([
      {
        id: 7,
        configuration_type: 'print_configuration',
        configurations: { paper_size: 'A5', show_logo: false, legacy: 1 },
        is_enabled: true,
      },
    ]);
    renderScreen(() => <CompanyConfigurationsPage />, { user: canChange });
    const print = await card('Print Configuration');
    expect(within(print).getByText('Enabled')).toBeTruthy();
    expect(
      (within(print).getByRole('switch', { name: 'Show company logo' }) as HTMLInputElement).checked,
    ).toBe(false);
    const save = within(print).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(print).getByRole('textbox', { name: 'Footer Note' }), {
      target: { value: 'Goods once sold are not taken back.' },
    });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]).toMatchObject({
      method: 'PATCH',
      path: 'company_configurations/7',
      body: {
        configurations: {
          paper_size: 'A5',
          show_logo: false,
          show_hsn_summary: true,
          footer_note: 'Goods once sold are not taken back.',
          legacy: 1,
        },
      },
    });
  });

  it('refuses a blank number of days before saving', async () => {
    const api = server([]);
    renderScreen(() => <CompanyConfigurationsPage />, { user: canChange });
    const autoCancel = await card('Auto-cancel Partially Invoiced Orders');
    const days = within(autoCancel).getByRole('textbox', { name: 'Cancel After (days)' });
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.blur(days);
    expect(await within(autoCancel).findByText('This field is required.')).toBeTruthy();
    fireEvent.click(within(autoCancel).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.changes()).toEqual([]);
  });

  it('shows Zoho as not configured, with nothing to switch on', async () => {
    server([]);
    renderScreen(() => <CompanyConfigurationsPage />, { user: canChange });
    const zoho = await card('Zoho Books');
    expect(within(zoho).getByText('Not configured')).toBeTruthy();
    expect(within(zoho).queryByRole('switch')).toBeNull();
    expect(within(zoho).queryByRole('button')).toBeNull();
  });

  it('is read-only without change_configuration', async () => {
    server([]);
    renderScreen(() => <CompanyConfigurationsPage />, { user: withPermissions(['view_dashboard']) });
    const batch = await card('Batch Configuration');
    expect(
      within(batch).getByRole('switch', { name: 'Enable Batch Configuration' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the server detail when the configurations fail to load', async () => {
    fakeApi(() => ({ status: 400, body: { detail: 'Bad request.' } }));
    renderScreen(() => <CompanyConfigurationsPage />, { user: canChange });
    expect((await screen.findByRole('alert')).textContent).toContain('Bad request.');
  });
});
