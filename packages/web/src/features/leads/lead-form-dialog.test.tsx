import { UTM_STORAGE_KEY } from '@b2b/domain/utm';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { LeadFormDialog } from './lead-form-dialog';

// Mantine's autosizing textarea listens to document.fonts, which happy-dom does not have.
if (!document.fonts)
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

afterEach(() => localStorage.clear());

const savedLead = { id: 77, name: 'Gupta Hardware' };

it("sends the browser's captured UTM values with a new lead, shown in the open UTM section", async () => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  localStorage.setItem(
    UTM_STORAGE_KEY,
    JSON.stringify({ utm_source: ['google', 'newsletter'], utm_campaign: ['diwali'] }),
  );
  const api = fakeApi((call) =>
    call.method === 'POST' && call.path === 'admin/companies/10/leads'
      ? { status: 201, body: savedLead }
      : undefined,
  );
  const onSaved = vi.fn();
  renderWithProviders(<LeadFormDialog companyId={10} lead={null} onClose={() => {}} onSaved={onSaved} />, {
    user: withPermissions(['view_lead', 'add_lead']),
  });
  expect(await screen.findByText(/Filled from the campaign links this browser was opened with/)).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'UTM Source' }) as HTMLInputElement).value).toBe(
    'google,newsletter',
  );
  fireEvent.change(screen.getByRole('textbox', { name: /Business Name/ }), {
    target: { value: 'Gupta Hardware' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '9876543210' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Lead' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(api.changes()[0]?.body).toMatchObject({
    name: 'Gupta Hardware',
    utm_source: 'google,newsletter',
    utm_campaign: 'diwali',
  });
});

it("keeps a lead's own UTM values when it is edited, not the browser's", async () => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  localStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: ['google'] }));
  fakeApi(() => undefined);
  renderWithProviders(
    <LeadFormDialog
      companyId={10}
      lead={{ ...savedLead, utm_source: 'walk-in-fair', source: 'walk_in', status: 'new' } as never}
      onClose={() => {}}
    />,
    { user: withPermissions(['view_lead', 'change_lead']) },
  );
  await screen.findByRole('button', { name: 'Save' });
  expect(screen.queryByText(/Filled from the campaign links/)).toBeNull();
  expect((screen.getByRole('textbox', { name: 'UTM Source', hidden: true }) as HTMLInputElement).value).toBe(
    'walk-in-fair',
  );
});
