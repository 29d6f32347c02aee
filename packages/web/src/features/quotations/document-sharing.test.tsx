import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { DocumentSharingActions } from './document-sharing';

const SHARE = {
  emails: ['owner@shivaji.in'],
  phone: '9876543210',
  number: 'QT-000031',
  total: 236,
  buyer_name: 'Shivaji',
  seller_name: 'Deccan',
  pdf_path: 'shared/quotations/q.10.31.1790000000.signature',
  link_expires_at: '2026-12-31T00:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderActions(maySend = true) {
  renderWithProviders(
    <DocumentSharingActions
      document={{ kind: 'quotation', id: 31, number: 'QT-000031' }}
      maySend={maySend}
    />,
    { user: withPermissions(['view_quotation', 'change_quotation']) },
  );
}

async function openMenuItem(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'More' }));
  const item = await screen.findByRole('menuitem', { name });
  await waitFor(() => expect(item.hasAttribute('data-disabled')).toBe(false));
  fireEvent.click(item);
}

describe('DocumentSharingActions', () => {
  it("mails the quotation to the buyer's address, prefilled, and says so", async () => {
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === 'admin/quotations/31/share') return { body: SHARE };
      if (call.method === 'POST' && call.path === 'admin/quotations/31/send')
        return { body: { detail: 'Quotation sent by e-mail.' } };
      return undefined;
    });
    renderActions();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    await openMenuItem('Send by E-mail');
    const dialog = await screen.findByRole('dialog', { name: 'Send by E-mail' });
    expect(within(dialog).getByText('owner@shivaji.in')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Quotation sent by e-mail.' }),
      ),
    );
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'admin/quotations/31/send', body: { to: ['owner@shivaji.in'] } }),
    ]);
  });

  it('shows the refusal when the mail cannot go, and keeps the dialog open', async () => {
    fakeApi((call) => {
      if (call.method === 'GET' && call.path === 'admin/quotations/31/share')
        return { body: { ...SHARE, emails: ['owner@shivaji.in'] } };
      if (call.method === 'POST')
        return { status: 503, body: { detail: 'The quotation could not be mailed; please try again.' } };
      return undefined;
    });
    renderActions();
    await openMenuItem('Send by E-mail');
    const dialog = await screen.findByRole('dialog', { name: 'Send by E-mail' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to send Quotation',
          message: 'The quotation could not be mailed; please try again.',
        }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Send by E-mail' })).toBeTruthy();
  });

  it('opens WhatsApp with the message, and offers no e-mail without the change permission', async () => {
    fakeApi((call) => (call.path === 'admin/quotations/31/share' ? { body: SHARE } : undefined));
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderActions(false);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.queryByRole('menuitem', { name: 'Send by E-mail' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await openMenuItem('Share on WhatsApp');
    const [url, target] = open.mock.calls[0] ?? [];
    expect(target).toBe('_blank');
    expect(url.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    expect(decodeURIComponent(url.split('?text=')[1])).toBe(
      `Dear Shivaji,\nQuotation QT-000031 for ₹236.00 from Deccan.\nPDF: ${window.location.origin}/api/${SHARE.pdf_path}`,
    );
  });
});
