import type { EWayBillStateOutput } from '@b2b/domain/eway-bill';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { EWayBillCard } from './e-way-bill-card';

const PATH = 'admin/companies/10/delivery_challans/5/e_way_bill';
const ALL = withPermissions(['view_e_way_bill', 'add_e_way_bill', 'change_e_way_bill']);

const state = (overrides: Partial<EWayBillStateOutput> = {}): EWayBillStateOutput => ({
  configured: true,
  document_number: 'DC/2627/00007',
  goods_value: 59000,
  threshold: 50000,
  required: true,
  blocked_reason: null,
  e_way_bill: null,
  ...overrides,
});

const generated = {
  id: 1,
  status: 'generated' as const,
  ewb_no: '331000000001',
  ewb_date: '2026-11-29T05:00:00.000Z',
  valid_until: '2026-11-30T18:29:59.000Z',
  total_value: 59000,
  voluntary: false,
  trans_mode: '1',
  trans_distance: 180,
  vehicle_no: 'MH12AB1234',
  vehicle_type: 'R',
  transporter_id: null,
  transporter_name: null,
  trans_doc_no: null,
  trans_doc_date: null,
  part_b_history: [],
  error: null,
  cancel_reason: null,
  cancel_remark: null,
  cancelled_at: null,
  can_cancel: true,
  extend_refusal: null,
  created_at: '2026-11-29T05:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('EWayBillCard', () => {
  it('says plainly that e-way bills are not configured, with no Generate', async () => {
    fakeApi((call) => (call.path === PATH ? { body: state({ configured: false }) } : undefined));
    renderWithProviders(<EWayBillCard kind="delivery_challan" documentId={5} />, { user: ALL });
    const card = await screen.findByRole('region', { name: 'E-way Bill' });
    expect(await within(card).findByText('E-way bill not configured')).toBeTruthy();
    expect(within(card).getByText('Required')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Generate E-way Bill' })).toBeNull();
  });

  it('generates one from the form and shows its number and vehicle', async () => {
    const api = fakeApi((call) => {
      if (call.path !== PATH) return undefined;
      if (call.method === 'POST') return { body: state({ e_way_bill: generated }) };
      return { body: state() };
    });
    renderWithProviders(<EWayBillCard kind="delivery_challan" documentId={5} />, { user: ALL });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate E-way Bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate E-way Bill' });
    fireEvent.change(within(dialog).getByLabelText(/Distance/), { target: { value: '180' } });
    fireEvent.change(within(dialog).getByLabelText('Vehicle Number'), { target: { value: 'mh 12 ab 1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0].body).toMatchObject({
      trans_mode: '1',
      trans_distance: 180,
      vehicle_no: 'MH12AB1234',
    });
    const card = screen.getByRole('region', { name: 'E-way Bill' });
    expect(await within(card).findByText('331000000001')).toBeTruthy();
    expect(within(card).getByText('MH12AB1234')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Cancel E-way Bill' })).toBeTruthy();
  });

  it('enables Extend Validity only from 8 hours before the expiry to 8 hours after, saying why not', async () => {
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    fakeApi((call) =>
      call.path === PATH
        ? { body: state({ e_way_bill: { ...generated, valid_until: hours(20) } }) }
        : undefined,
    );
    const early = renderWithProviders(<EWayBillCard kind="delivery_challan" documentId={5} />, { user: ALL });
    const button = await screen.findByRole('button', { name: 'Extend Validity' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Extend Validity' })).toBeNull();
    fireEvent.mouseEnter(button);
    expect(await screen.findByText(/can be extended only from 8 hours before it expires/)).toBeTruthy();
    early.unmount();

    fakeApi((call) =>
      call.path === PATH
        ? { body: state({ e_way_bill: { ...generated, valid_until: hours(2) } }) }
        : undefined,
    );
    renderWithProviders(<EWayBillCard kind="delivery_challan" documentId={5} />, { user: ALL });
    const open = await screen.findByRole('button', { name: 'Extend Validity' });
    expect(open.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(open);
    expect(await screen.findByRole('dialog', { name: 'Extend Validity' })).toBeTruthy();
  });

  it('shows nothing without view_e_way_bill', () => {
    const api = fakeApi(() => ({ body: state() }));
    renderWithProviders(<EWayBillCard kind="delivery_challan" documentId={5} />, {
      user: withPermissions(['view_delivery_challan']),
    });
    expect(screen.queryByRole('region', { name: 'E-way Bill' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
