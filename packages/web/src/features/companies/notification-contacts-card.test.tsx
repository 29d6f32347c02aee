import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import type { Company } from './companies.api';
import { NotificationContactsCard } from './notification-contacts-card';

const company = (overrides: Partial<Company> = {}): Company => ({
  id: 10,
  name: 'Rao Traders',
  display_name: null,
  gstin: null,
  email: null,
  phone: null,
  website: null,
  logo: null,
  is_verified: true,
  is_order_auto_confirm: false,
  is_bill_auto_received: false,
  apply_credit_limit_restriction: false,
  is_marketing_enabled: false,
  notification_contacts: [],
  sales_order: {},
  tds_configuration: {},
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const toastWith = (fields: Record<string, string>) =>
  waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining(fields)));

describe('NotificationContactsCard', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds a contact: the e-mail is checked, a blank phone is sent as null', async () => {
    const api = fakeApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { id: 5, ...(call.body as object) } }
        : { body: company() },
    );
    renderWithProviders(<NotificationContactsCard company={company()} canChange />, { user: makeUser() });
    expect(screen.getByText('No notification contact persons yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification Contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Accounts Desk' },
    });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'accounts@' } });
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'accounts@rao.in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    await toastWith({ message: 'Notification contact person added successfully.' });
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'companies/10/notification_contacts',
        body: { name: 'Accounts Desk', email: 'accounts@rao.in', phone: null },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's field error on the field and says the add failed", async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        detail: 'phone: Please enter a valid 10-digit phone number.',
        errors: { phone: ['Not a mobile.'] },
      },
    }));
    renderWithProviders(<NotificationContactsCard company={company()} canChange />, { user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Stores' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Phone' }), {
      target: { value: '9876543210' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Not a mobile.')).toBeTruthy();
    await toastWith({ title: 'Failed to add notification contact person.' });
  });

  it('edits and deletes a listed contact', async () => {
    const api = fakeApi((call) =>
      call.method === 'DELETE'
        ? { status: 204 }
        : { body: { id: 5, name: 'Stores', email: null, phone: null } },
    );
    const contacts = [{ id: 5, name: 'Stores', email: 'stores@rao.in', phone: null }];
    renderWithProviders(
      <NotificationContactsCard company={company({ notification_contacts: contacts })} canChange />,
      {
        user: makeUser(),
      },
    );
    expect(screen.getByRole('cell', { name: 'stores@rao.in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Stores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification Contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await toastWith({ message: 'Notification contact person updated successfully.' });
    expect(api.changes()[0]).toMatchObject({
      method: 'PATCH',
      path: 'notification_contacts/5',
      body: { name: 'Stores', email: null, phone: null },
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Stores' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await toastWith({ message: 'Notification contact person deleted successfully.' });
    expect(api.changes()[1]).toMatchObject({ method: 'DELETE', path: 'notification_contacts/5' });
  });

  it('lists the contacts without actions for a user who may not change the company', () => {
    const contacts = [{ id: 5, name: 'Stores', email: null, phone: '9876543210' }];
    renderWithProviders(
      <NotificationContactsCard company={company({ notification_contacts: contacts })} canChange={false} />,
      { user: makeUser() },
    );
    expect(screen.getByRole('cell', { name: '9876543210' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
