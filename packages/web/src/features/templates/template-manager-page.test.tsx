import { TEMPLATE_SYNC_MESSAGES } from '@b2b/domain/api/templates';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { TemplateManagerPage } from './template-manager-page';

const user = withPermissions([
  'view_marketing',
  'view_marketing_configuration',
  'view_template',
  'change_template',
]);

const template = (id: number, name: string, status: string, reason: string | null = null) => ({
  id,
  medium: 'whatsapp',
  name,
  is_active: true,
  subject: null,
  html_body: null,
  text_body: null,
  from_name: null,
  body: 'Our Diwali offers are live.',
  sender_header: null,
  dlt_template_id: null,
  dlt_entity_id: null,
  meta_template_name: name.toLowerCase().replaceAll(' ', '_'),
  language: 'en',
  category: 'marketing',
  header_text: null,
  footer: null,
  buttons: [],
  whatsapp_status: status,
  rejection_reason: reason,
  title: null,
  link_url: null,
  icon_url: null,
  variables: [],
  archived_at: null,
  created_by: null,
  updated_by: null,
  created_at: '2026-11-30T05:00:00Z',
  updated_at: '2026-11-30T05:00:00Z',
});

function answer(configured: boolean) {
  let synced = false;
  return fakeApi((call) => {
    if (call.path.endsWith('/configurations/'))
      return {
        body: {
          is_marketing_enabled: true,
          platform_mail_configured: false,
          mediums: [{ medium: 'whatsapp', label: 'WhatsApp', configured, is_enabled: configured }],
        },
      };
    if (call.path.endsWith('/templates/whatsapp_status/sync') && call.method === 'POST') {
      synced = true;
      return {
        body: {
          checked: 2,
          changed: 1,
          not_found: [],
          message: 'Checked 2 WhatsApp templates with Meta; 1 changed.',
        },
      };
    }
    if (call.path.endsWith('/templates'))
      return {
        body: paged([
          template(1, 'Diwali offer', synced ? 'approved' : 'pending'),
          template(
            2,
            'Payment reminder',
            'rejected',
            'Meta found the format invalid (variables, length or formatting).',
          ),
        ]),
      };
    return undefined;
  });
}

describe('Templates: WhatsApp status sync', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('syncs the statuses from Meta and shows each with the rejection reason', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const api = answer(true);
    renderScreen(() => <TemplateManagerPage />, { user, path: '/?medium=whatsapp' });
    expect(
      await screen.findByText('Meta found the format invalid (variables, length or formatting).'),
    ).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Sync status' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Checked 2 WhatsApp templates with Meta; 1 changed.' }),
      ),
    );
    expect(api.changes().map((c) => c.path)).toEqual([
      expect.stringMatching(/templates\/whatsapp_status\/sync$/),
    ]);
    expect(await screen.findByText('Approved')).toBeTruthy();
  });

  it('says plainly when WhatsApp is not configured, and the button does nothing', async () => {
    const api = answer(false);
    renderScreen(() => <TemplateManagerPage />, { user, path: '/?medium=whatsapp' });
    expect(await screen.findByText(TEMPLATE_SYNC_MESSAGES.not_configured)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Sync status' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(api.changes()).toEqual([]);
  });
});
