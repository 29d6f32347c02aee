import type { Gstr1SummaryOutput } from '@b2b/domain/api/gst-returns';
import { GSTR1_SECTION_LABELS, GSTR1_SECTIONS } from '@b2b/domain/gst/gstr1';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { Gstr1Page } from './gstr1-page';

const ACCOUNTANT = withPermissions(['view_gst_return']);
const GSTIN = '27AAPFU0939F1ZV';

function summary(overrides: Partial<Gstr1SummaryOutput> = {}): Gstr1SummaryOutput {
  return {
    gstin: GSTIN,
    period: '2026-10',
    from_date: '2026-10-01',
    to_date: '2026-10-31',
    fp: '102026',
    hsn_digits: 4,
    last_year_turnover: 1_20_00_000,
    document_count: 1,
    sections: GSTR1_SECTIONS.map((section) => ({
      section,
      label: GSTR1_SECTION_LABELS[section],
      count: section === 'b2b' ? 1 : 0,
      taxable_value: section === 'b2b' ? 200000 : 0,
      igst: 0,
      cgst: section === 'b2b' ? 18000 : 0,
      sgst: section === 'b2b' ? 18000 : 0,
      cess: 0,
    })),
    problems: [
      {
        document_kind: 'invoice',
        document_id: 7,
        document_number: 'PUN/2627/00007',
        problem: 'The HSN code is missing: give the product an HSN of at least 4 digits.',
        fix: { kind: 'product', id: 42 },
      },
    ],
    problem_count: 1,
    ...overrides,
  };
}

function serve(body: Gstr1SummaryOutput) {
  return fakeApi((call) => {
    if (call.path === 'admin/companies/10/gst_returns/gstins')
      return { body: { results: [{ gstin: GSTIN, state_code: '27', branches: [{ id: 1, name: 'Pune' }] }] } };
    if (call.path === 'admin/companies/10/gst_returns/gstr1') return { body };
    if (call.path === 'admin/companies/10/gst_returns/filed_periods' && call.method === 'GET')
      return { body: paged([]) };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Gstr1Page', () => {
  it('shows each section in rupees and the problem with a link to fix it', async () => {
    const api = serve(summary());
    renderScreen(() => <Gstr1Page />, { user: ACCOUNTANT });
    const table = await screen.findByRole('table', { name: 'GSTR-1 sections' }, { timeout: 5000 });
    const b2b = within(table).getByText(GSTR1_SECTION_LABELS.b2b).closest('tr') as HTMLElement;
    expect(b2b.textContent).toContain('₹2,00,000.00');
    expect(b2b.textContent).toContain('₹18,000.00');
    const problems = screen.getByRole('table', { name: 'Documents with problems' });
    expect(within(problems).getByRole('link', { name: 'PUN/2627/00007' }).getAttribute('href')).toBe(
      '/invoices/7',
    );
    expect(within(problems).getByRole('link', { name: 'Fix product' }).getAttribute('href')).toBe(
      '/products/42/edit',
    );
    const asked = api.calls.find((call) => call.path.endsWith('/gstr1'));
    expect(asked?.query.get('gstin')).toBe(GSTIN);
    expect(asked?.query.get('period')).toMatch(/^\d{4}-\d{2}$/);
  });

  it('offers to mark GSTR-1 of the month filed to a user who may, and only shows the state to others', async () => {
    serve(summary());
    const view = renderScreen(() => <Gstr1Page />, {
      user: withPermissions(['view_gst_return', 'change_gst_return']),
    });
    expect(await screen.findByText('GSTR-1 not filed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark GSTR-1 filed' })).toBeTruthy();
    view.unmount();
    renderScreen(() => <Gstr1Page />, { user: ACCOUNTANT });
    expect(await screen.findByText('GSTR-1 not filed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark GSTR-1 filed' })).toBeNull();
  });

  it('says so when the period has no documents', async () => {
    serve(summary({ document_count: 0, problems: [], problem_count: 0 }));
    renderScreen(() => <Gstr1Page />, { user: ACCOUNTANT });
    expect(await screen.findByText('No documents in this period', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'GSTR-1 sections' })).toBeNull();
  });
});
