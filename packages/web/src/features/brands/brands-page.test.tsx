import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Brand } from './brands.api';
import { BrandsPage } from './brands-page';

const brand = (id: number, name: string, overrides: Partial<Brand> = {}): Brand => ({
  id,
  name,
  logo: null,
  is_active: true,
  ignore_for_bi: false,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const BRANDS = [
  brand(1, 'Havells', { logo: '/api/files/havells.png' }),
  brand(2, 'Bajaj', { ignore_for_bi: true }),
  brand(3, 'Usha', { is_active: false }),
];

const EDITOR = withPermissions(['view_brand', 'add_brand', 'change_brand', 'delete_brand']);

function server(initial: Brand[] = BRANDS, fail: (call: ApiCall) => boolean = () => false) {
  let rows = initial.map((row) => ({ ...row }));
  return fakeApi((call) => {
    if (fail(call)) return { status: 500, body: { detail: 'Database is down.' } };
    if (call.method === 'GET' && call.path === 'companies/10/brands') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      const active = call.query.get('is_active');
      return {
        body: paged(
          rows.filter(
            (row) =>
              row.name.toLowerCase().includes(search) &&
              (active === null || String(row.is_active) === active),
          ),
        ),
      };
    }
    if (call.method === 'POST' && call.path === 'companies/10/brands') {
      const created = brand(50, String((call.body as { name: string }).name));
      rows = [created, ...rows];
      return { status: 201, body: created };
    }
    const match = /^brands\/(\d+)(?:\/(ignore_for_bi|delete|logo))?$/.exec(call.path);
    if (!match) return undefined;
    const id = Number(match[1]);
    const change = (changes: Partial<Brand>) => {
      rows = rows.map((row) => (row.id === id ? { ...row, ...changes } : row));
      return { body: rows.find((row) => row.id === id) };
    };
    if (match[2] === 'delete') {
      rows = rows.filter((row) => row.id !== id);
      return { body: { detail: 'Brand deleted Successfully.' } };
    }
    if (match[2] === 'logo' && call.method === 'POST') return change({ logo: '/api/files/new.png' });
    if (match[2] === 'logo' && call.method === 'DELETE') return change({ logo: null });
    if (call.method === 'PATCH') return change(call.body as Partial<Brand>);
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Brands' });

describe('BrandsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists brands with logos, status and the BI switch', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    expect(await screen.findByText('Havells')).toBeTruthy();
    expect(within(table()).getByRole('img', { name: 'Havells logo' }).getAttribute('src')).toBe(
      '/api/files/havells.png',
    );
    expect(within(table()).getByLabelText('Bajaj has no logo').textContent).toBe('B');
    expect(within(table()).getByText('Inactive')).toBeTruthy();
    const bajaj = within(table()).getByRole('switch', { name: 'Ignore Bajaj for Business Intelligence' });
    expect((bajaj as HTMLInputElement).checked).toBe(true);
    expect(api.calls[0].query.get('ordering')).toBe('-created_at');
  });

  it('switches ignore for BI on and off with the spec toasts', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('switch', { name: 'Ignore Havells for Business Intelligence' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'This Brand will be ignored for BI' }),
      ),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Ignore Bajaj for Business Intelligence' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'This Brand will not be ignored for BI' }),
      ),
    );
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: 'brands/1/ignore_for_bi',
        body: { ignore_for_bi: true },
      }),
      expect.objectContaining({
        method: 'PATCH',
        path: 'brands/2/ignore_for_bi',
        body: { ignore_for_bi: false },
      }),
    ]);
  });

  it('creates a brand, validating the name', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    await screen.findByText('Havells');
    fireEvent.click(screen.getByRole('button', { name: 'Create Brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Brand' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Brand' }));
    expect(await within(dialog).findByText('Brand name is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Brand Name' }), {
      target: { value: ' Orient ' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { name: /^Ignore for Business Intelligence/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Brand' }));
    expect(await within(table()).findByText('Orient')).toBeTruthy();
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      path: 'companies/10/brands',
      body: { name: 'Orient', ignore_for_bi: true },
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Brand created Successfully.' }),
    );
  });

  it('edits a brand and deactivates it from the menu', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Bajaj' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brand' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Brand Name' }), {
      target: { value: 'Bajaj Electricals' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(table()).findByText('Bajaj Electricals')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Havells' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'brands/2', body: { name: 'Bajaj Electricals', is_active: true } }),
      expect.objectContaining({ path: 'brands/1', body: { is_active: false } }),
    ]);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Brand updated Successfully.' }),
    );
  });

  it('deletes a brand after confirming', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Usha' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Brand' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table()).queryByText('Usha')).toBeNull());
    expect(api.changes()).toEqual([expect.objectContaining({ method: 'POST', path: 'brands/3/delete' })]);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Brand deleted Successfully.' }),
    );
  });

  it('uploads a logo chosen from the row menu, and refuses a GIF without calling the server', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Bajaj' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Upload Logo' }));
    const input = screen.getByLabelText('Brand logo file');
    const png = new File(['png'], 'bajaj.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await within(table()).findByRole('img', { name: 'Bajaj logo' })).toBeTruthy();
    const upload = api.changes()[0];
    expect(upload).toMatchObject({ method: 'POST', path: 'brands/2/logo' });
    expect((upload.body as FormData).get('file')).toBe(png);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Usha' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Upload Logo' }));
    fireEvent.change(input, { target: { files: [new File(['gif'], 'usha.gif', { type: 'image/gif' })] } });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to upload logo.',
          message: 'Only PNG, JPEG or WebP images can be uploaded.',
        }),
      ),
    );
    expect(api.changes()).toHaveLength(1);
  });

  it('filters by status and search', async () => {
    const api = server();
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    await screen.findByText('Havells');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No brand matches the search or the status filter.')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('search')).toBe('zzz');
  });

  it('shows the empty-state card when there is no brand yet', async () => {
    server([]);
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    expect(await screen.findByText('Add a Brand and boost your business')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('dialog', { name: 'Create Brand' })).toBeTruthy();
  });

  it('is read-only without the change, add and delete permissions', async () => {
    server();
    renderScreen(() => <BrandsPage />, { user: withPermissions(['view_brand']) });
    expect(await screen.findByText('Havells')).toBeTruthy();
    expect(screen.getByText(/You can view brands but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Brand' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(within(table()).getByText('Ignored')).toBeTruthy();
  });

  it('shows a failed load with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server(BRANDS, () => fail);
    renderScreen(() => <BrandsPage />, { user: EDITOR });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load brands.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Havells')).toBeTruthy();
  });
});
