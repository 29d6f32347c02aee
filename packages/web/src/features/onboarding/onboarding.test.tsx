import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { InvoiceSetupWarning } from './invoice-setup-warning';
import { OnboardingPage } from './onboarding-page';
import type { SetupGuide } from './setup-guide.api';
import { SetupProgress } from './setup-progress';

const ADMIN = makeUser({ role: { id: 1, display_name: 'Company Admin' } });

function guideWith(done: string[], branch: Partial<SetupGuide['branches'][number]> = {}): SetupGuide {
  const keys = [
    ['company_profile', 'Company profile and GSTIN'],
    ['bank_and_upi', 'Bank account and UPI ID'],
    ['logo', 'Company logo'],
    ['terms', 'Terms and conditions'],
    ['invoice_series', 'Invoice series'],
    ['first_product', 'Add your first product'],
    ['first_buyer', 'Add your first buyer'],
    ['first_invoice', 'Send your first invoice'],
    ['e_invoicing', 'E-invoicing'],
    ['mail', 'E-mail'],
  ] as const;
  const steps = keys.map(([key, title]) => ({ key, title, done: done.includes(key) }));
  const count = steps.filter((step) => step.done).length;
  return {
    steps,
    done_count: count,
    total: steps.length,
    complete: count === steps.length,
    branches: [
      {
        id: 100,
        name: 'Main',
        has_bank_account: false,
        has_upi_id: false,
        has_invoice_series: false,
        ...branch,
      },
    ],
  };
}

function serve(guide: SetupGuide) {
  return fakeApi((call) => {
    if (call.path === 'companies/10/setup_guide') return { body: guide };
    if (call.path === 'admin/orders/51') return { body: { id: 51, branch: { id: 100, name: 'Main' } } };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('OnboardingPage', () => {
  it('lists every step as done or not done, with links to where it is done', async () => {
    serve(guideWith(['company_profile', 'first_product', 'mail']));
    renderScreen(OnboardingPage, { user: ADMIN, path: '/onboarding' });
    expect(await screen.findByText('3 of 10 done')).toBeTruthy();
    const profile = screen.getByLabelText('Company profile and GSTIN: done');
    expect(within(profile).queryByRole('link')).toBeNull();
    const bank = screen.getByLabelText('Bank account and UPI ID: not done');
    expect(
      within(bank).getByRole('link', { name: 'Add bank account and UPI ID (Main)' }).getAttribute('href'),
    ).toBe('/branches/100');
    expect(
      within(screen.getByLabelText('Company logo: not done'))
        .getByRole('link', { name: 'Upload logo' })
        .getAttribute('href'),
    ).toBe('/company');
    expect(
      within(screen.getByLabelText('Send your first invoice: not done'))
        .getByRole('link', { name: 'Create order' })
        .getAttribute('href'),
    ).toBe('/orders/new');
    // Set on the server: described, never linked.
    expect(within(screen.getByLabelText('E-invoicing: not done')).queryByRole('link')).toBeNull();
  });

  it('links only to screens the user may open', async () => {
    serve(guideWith([]));
    renderScreen(OnboardingPage, { user: withPermissions(['view_buyer']), path: '/onboarding' });
    expect(await screen.findByText('0 of 10 done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add buyer' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create order' })).toBeNull();
    expect(screen.getByLabelText('Add your first product: not done')).toBeTruthy();
  });

  it('says so when the guide cannot be read', async () => {
    fakeApi((call) =>
      call.path === 'companies/10/setup_guide'
        ? { status: 500, body: { detail: 'Server Error.' } }
        : undefined,
    );
    renderScreen(OnboardingPage, { user: ADMIN, path: '/onboarding' });
    expect(await screen.findByText('The setup guide could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('SetupProgress', () => {
  it('shows the progress until everything is done', async () => {
    serve(guideWith(['mail', 'logo']));
    renderScreen(() => <SetupProgress variant="card" />, { user: ADMIN });
    expect(await screen.findByText('Setup Guide: 2 of 10 done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Setup Guide' }).getAttribute('href')).toBe('/onboarding');
  });

  it('shows nothing once every step is done', async () => {
    const api = serve(guideWith(guideWith([]).steps.map((step) => step.key)));
    renderScreen(() => <SetupProgress variant="card" />, { user: ADMIN });
    await vi.waitFor(() => expect(api.calls.length).toBe(1));
    await vi.waitFor(() => expect(screen.queryByLabelText('Loading the setup guide')).toBeNull());
    expect(screen.queryByText(/of 10 done/)).toBeNull();
  });
});

describe('InvoiceSetupWarning', () => {
  it('names the missing bank account and logo with links to set them', async () => {
    serve(guideWith([]));
    renderScreen(() => <InvoiceSetupWarning orderId={51} />, { user: ADMIN });
    const alert = await screen.findByLabelText('Missing invoice details');
    expect(alert.textContent).toContain('The bank account of Main.');
    expect(alert.textContent).toContain('Your company logo.');
    expect(within(alert).getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe(
      '/branches/100',
    );
    expect(within(alert).getByRole('link', { name: 'Upload logo' }).getAttribute('href')).toBe('/company');
  });

  it('asks for the UPI ID when the bank account has none, and is silent when nothing is missing', async () => {
    serve(guideWith(['logo'], { has_bank_account: true }));
    const first = renderScreen(() => <InvoiceSetupWarning orderId={51} />, { user: ADMIN });
    const alert = await screen.findByLabelText('Missing invoice details');
    expect(alert.textContent).toContain('A UPI ID on the bank account of Main');
    expect(alert.textContent).not.toContain('logo');
    first.unmount();

    const api = serve(guideWith(['logo'], { has_bank_account: true, has_upi_id: true }));
    renderScreen(() => <InvoiceSetupWarning orderId={51} />, { user: ADMIN });
    await vi.waitFor(() => expect(api.calls.length).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Missing invoice details')).toBeNull();
  });
});
