import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { CampaignCreatePage } from './campaign-create-page';

const TEMPLATE = {
  id: 7,
  medium: 'email',
  name: 'diwali_offer',
  is_active: true,
  archived_at: null,
  whatsapp_status: null,
  variables: ['contact_name', 'coupon_code'],
};

function server(options: { configured?: boolean; createAnswer?: { status: number; body: unknown } } = {}) {
  return fakeApi((call) => {
    if (call.path === 'v1/admin/companies/10/templates')
      return { body: paged([TEMPLATE, { ...TEMPLATE, id: 8, name: 'old_offer', is_active: false }]) };
    if (call.path === 'companies/10/contact_lists')
      return { body: paged([{ id: 3, name: 'Diwali buyers', contact_count: 2 }]) };
    if (call.path === 'companies/10/buyer_groups') return { body: paged([]) };
    if (call.path === 'admin/all_sales_channel/') return { body: paged([]) };
    if (call.path === 'admin/companies/10/configurations/')
      return {
        body: {
          mediums: [{ medium: 'email', label: 'Email', configured: options.configured ?? true }],
        },
      };
    if (call.path === 'admin/companies/10/campaigns/audience')
      return {
        body: {
          audience: 2,
          sendable: 1,
          skipped_by_reason: { no_consent: 1 },
          missing_variables: ['coupon_code'],
          medium_problem: null,
        },
      };
    if (call.method === 'POST' && call.path === 'admin/companies/10/campaigns')
      return options.createAnswer ?? { status: 201, body: { id: 55, status: 'draft' } };
    if (call.method === 'POST' && call.path === 'admin/campaigns/55/run')
      return { body: { id: 55, status: 'scheduled' } };
    return undefined;
  });
}

async function choose(label: string | RegExp, option: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const user = withPermissions(['add_campaign', 'change_campaign', 'view_campaign']);
const toasts = () =>
  vi
    .mocked(notifications.show)
    .mock.calls.map(([toast]) => [toast.title, toast.message].filter(Boolean).join(': '));

describe('CampaignCreatePage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts the audience, asks for the unfilled variable with the spec warning, and creates and runs it', async () => {
    const api = server();
    renderScreen(() => <CampaignCreatePage />, {
      user,
      path: '/campaigns/one-time-campaign?campaignMedium=email',
    });
    expect(await screen.findByRole('heading', { name: 'New Email Campaign' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Diwali sale' } });
    await choose(/^Template/, 'diwali_offer');
    await choose('Contact lists', 'Diwali buyers (2)');
    expect(await screen.findByText('No consent: 1', undefined, { timeout: 4000 })).toBeTruthy();
    expect(
      await screen.findByText(
        'Please fill the necessary inputs required by editing the email template',
        undefined,
        {
          timeout: 4000,
        },
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for a date and time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create and schedule' }));
    expect(await screen.findByText('Enter a value for {coupon_code}.')).toBeTruthy();
    expect(screen.getByText('Choose the date to send on.')).toBeTruthy();
    expect(api.changes().filter((c) => c.path === 'admin/companies/10/campaigns')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: '{coupon_code}' }), {
      target: { value: 'DIWALI10' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Send when run' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'admin/campaigns/55/run')).toBe(true));
    const created = api.calls.find((c) => c.method === 'POST' && c.path === 'admin/companies/10/campaigns');
    expect(created?.body).toEqual({
      title: 'Diwali sale',
      campaign_medium: 'email',
      campaign_type: 'promotional',
      template_id: 7,
      list_ids: [3],
      buyer_group_ids: [],
      sales_channel_id: null,
      variables: { coupon_code: 'DIWALI10' },
      scheduled_at: null,
    });
    await waitFor(() =>
      expect(toasts()).toEqual(
        expect.arrayContaining([
          'Campaign created successfully.',
          'Campaign will now run successfully as per scheduling.',
        ]),
      ),
    );
  });

  it('offers only active templates and puts the server’s field errors under the fields', async () => {
    server({
      createAnswer: {
        status: 400,
        body: {
          detail: 'Check the fields.',
          code: 'validation_error',
          errors: { title: ['Title can only contain letters, digits, hyphen, underscore, dot and space.'] },
        },
      },
    });
    renderScreen(() => <CampaignCreatePage />, {
      user,
      path: '/campaigns/one-time-campaign?campaignMedium=email',
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Diwali' } });
    const input = screen.getByLabelText(/^Template/, { selector: 'input' });
    fireEvent.click(input);
    expect(await screen.findByRole('option', { name: 'diwali_offer' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'old_offer' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'diwali_offer' }));
    await choose('Contact lists', 'Diwali buyers (2)');
    fireEvent.change(await screen.findByRole('textbox', { name: '{coupon_code}' }), {
      target: { value: 'X' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(
      await screen.findByText('Title can only contain letters, digits, hyphen, underscore, dot and space.'),
    ).toBeTruthy();
  });

  it('says the medium is not configured, links to its setup, and does not run', async () => {
    server({ configured: false });
    renderScreen(() => <CampaignCreatePage />, {
      user,
      path: '/campaigns/one-time-campaign?campaignMedium=email',
    });
    expect(
      await screen.findByText('Email is not configured. Set it up in Campaign Mediums before sending.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure Mediums' }).getAttribute('href')).toBe(
      '/campaign-configuration/configure-mediums',
    );
    expect((screen.getByRole('button', { name: 'Create and run' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
