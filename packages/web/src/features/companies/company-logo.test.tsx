import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import type { Company } from './companies.api';
import { CompanyProfileCard } from './company-profile-card';

const company = (logo: string | null): Company => ({
  id: 10,
  name: 'Rao Traders',
  display_name: null,
  gstin: null,
  email: null,
  phone: null,
  website: null,
  logo,
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
});

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('company logo', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the initial while there is no logo, and the image once there is one', () => {
    const { unmount } = renderWithProviders(<CompanyProfileCard company={company(null)} canChange />, {
      user: makeUser(),
    });
    expect(screen.getByLabelText('Rao Traders has no logo').textContent).toBe('R');
    unmount();
    renderWithProviders(<CompanyProfileCard company={company('/api/files/logo.png')} canChange />, {
      user: makeUser(),
    });
    expect(screen.getByRole('img', { name: 'Rao Traders logo' }).getAttribute('src')).toBe(
      '/api/files/logo.png',
    );
  });

  it('uploads a PNG as multipart form data in the field file', async () => {
    const api = fakeApi(() => ({ body: company('/api/files/new.png') }));
    renderWithProviders(<CompanyProfileCard company={company(null)} canChange />, { user: makeUser() });
    const png = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(fileInput(), { target: { files: [png] } });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Logo uploaded successfully.' }),
      ),
    );
    const upload = api.changes()[0];
    expect(upload).toMatchObject({ method: 'POST', path: 'companies/10/logo' });
    expect((upload.body as FormData).get('file')).toBe(png);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image without calling the server', async () => {
    const api = fakeApi(() => ({ body: {} }));
    renderWithProviders(<CompanyProfileCard company={company(null)} canChange />, { user: makeUser() });
    fireEvent.change(fileInput(), {
      target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] },
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to upload logo.',
          message: 'Only PNG, JPEG or WebP images can be uploaded.',
        }),
      ),
    );
    expect(api.calls).toEqual([]);
  });

  it('deletes the logo after confirmation', async () => {
    const api = fakeApi(() => ({ body: company(null) }));
    renderWithProviders(<CompanyProfileCard company={company('/api/files/logo.png')} canChange />, {
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Logo' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Logo deleted successfully.' }),
      ),
    );
    expect(api.changes()).toEqual([expect.objectContaining({ method: 'DELETE', path: 'companies/10/logo' })]);
  });

  it('offers no logo actions without change_company', () => {
    renderWithProviders(<CompanyProfileCard company={company('/api/files/logo.png')} canChange={false} />, {
      user: makeUser(),
    });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
