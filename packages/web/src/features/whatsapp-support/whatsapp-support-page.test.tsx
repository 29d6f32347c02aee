import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { WhatsappSupportPage } from './whatsapp-support-page';

const user = withPermissions(['view_whatsapp_support', 'change_whatsapp_support']);
const summary = (configured: boolean, open: number) => ({
  configured,
  webhook_ready: configured,
  counts: { open, mine: 0, unassigned: open, unread: open },
});
const conversation = {
  id: 7,
  wa_number: '919820012345',
  display_number: '+91 98200 12345',
  name: 'Sharma Traders',
  profile_name: 'Ravi Sharma',
  buyer: null,
  contact: null,
  status: 'open',
  assigned_user: null,
  unread_count: 1,
  last_message_at: '2026-11-30T05:00:00Z',
  last_message_preview: 'Is the 5 kg pack back in stock?',
  last_incoming_at: '2026-11-30T05:00:00Z',
  reply_window: { open: true, closes_at: '2026-12-01T05:00:00Z' },
  closed_at: null,
  created_at: '2026-11-30T05:00:00Z',
};

function answer(configured: boolean, open: number) {
  return fakeApi((call) => {
    if (call.path.endsWith('/whatsapp_support')) return { body: summary(configured, open) };
    if (call.path.endsWith('/whatsapp_conversations')) return { body: paged(open ? [conversation] : []) };
    return undefined;
  });
}

describe('WhatsApp support inbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says WhatsApp is not configured when nothing was ever received', async () => {
    const api = answer(false, 0);
    renderScreen(() => <WhatsappSupportPage />, { user });
    expect(await screen.findByText('WhatsApp is not configured')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/whatsapp_conversations'))).toBe(false);
  });

  it('keeps conversations already received readable while WhatsApp is not configured', async () => {
    answer(false, 1);
    renderScreen(() => <WhatsappSupportPage />, { user });
    expect(await screen.findByText('WhatsApp is not configured')).toBeTruthy();
    expect(await screen.findByText('Sharma Traders')).toBeTruthy();
  });
});
