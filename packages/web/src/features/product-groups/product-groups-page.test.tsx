import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { ProductGroup } from './product-groups.api';
import { ProductGroupsPage } from './product-groups-page';

const group = (id: number, name: string, overrides: Partial<ProductGroup> = {}): ProductGroup => ({
  id,
  name,
  description: null,
  is_active: true,
  attributes: [],
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const GROUPS = [
  group(1, 'Apparel', {
    attributes: [
      { id: 11, name: 'Colour', type: 'select', options: ['Red', 'Blue'], is_required: true, position: 0 },
    ],
  }),
  group(2, 'Footwear', { is_active: false }),
];

const EDITOR = withPermissions([
  'view_product_attribute',
  'add_product_attribute',
  'change_product_attribute',
  'delete_product_attribute',
]);

function server(initial: ProductGroup[] = GROUPS) {
  let rows = initial.map((row) => ({ ...row }));
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/product_groups') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return { body: paged(rows.filter((row) => row.name.toLowerCase().includes(search))) };
    }
    if (call.method === 'POST' && call.path === 'companies/10/product_groups') {
      const created = group(50, String((call.body as { name: string }).name));
      rows = [created, ...rows];
      return { status: 201, body: created };
    }
    const match = /^product_groups\/(\d+)(?:\/(activate|deactivate|attributes))?$/.exec(call.path);
    if (!match) {
      const attr = /^attributes\/(\d+)\/delete$/.exec(call.path);
      if (attr) {
        rows = rows.map((row) => ({
          ...row,
          attributes: row.attributes.filter((a) => a.id !== Number(attr[1])),
        }));
        return { body: { detail: 'Product Attribute deleted successfully.' } };
      }
      const edit = /^attributes\/(\d+)$/.exec(call.path);
      if (edit && call.method === 'PATCH') {
        const changes = call.body as Partial<ProductGroup['attributes'][number]>;
        rows = rows.map((row) => ({
          ...row,
          attributes: row.attributes.map((a) => (a.id === Number(edit[1]) ? { ...a, ...changes } : a)),
        }));
        const attribute = rows.flatMap((row) => row.attributes).find((a) => a.id === Number(edit[1]));
        return { body: attribute };
      }
      return undefined;
    }
    const id = Number(match[1]);
    const change = (changes: Partial<ProductGroup>) => {
      rows = rows.map((row) => (row.id === id ? { ...row, ...changes } : row));
      return { body: rows.find((row) => row.id === id) };
    };
    if (match[2] === 'activate') return change({ is_active: true });
    if (match[2] === 'deactivate') return change({ is_active: false });
    const current = rows.find((row) => row.id === id) as ProductGroup;
    if (match[2] === 'attributes' && call.method === 'POST') {
      const body = call.body as ProductGroup['attributes'][number];
      return { status: 201, ...change({ attributes: [...current.attributes, { ...body, id: 99 }] }) };
    }
    if (call.method === 'PATCH') return change(call.body as Partial<ProductGroup>);
    if (call.method === 'GET') return { body: current };
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Product Groups' });

describe('ProductGroupsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists groups with their attributes and status, newest first', async () => {
    const api = server();
    renderScreen(() => <ProductGroupsPage />, { user: EDITOR });
    expect(await screen.findByText('Apparel')).toBeTruthy();
    expect(within(table()).getByText('Colour')).toBeTruthy();
    expect(within(table()).getByText('Inactive')).toBeTruthy();
    expect(api.calls[0].query.get('ordering')).toBe('-created_at');
  });

  it('creates a group, validating the name, with the spec toast', async () => {
    const api = server();
    renderScreen(() => <ProductGroupsPage />, { user: EDITOR });
    await screen.findByText('Apparel');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Product Group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product Group' }));
    expect(await within(dialog).findByText('Product group name is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Group Name' }), {
      target: { value: ' Toys ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product Group' }));
    expect(await within(table()).findByText('Toys')).toBeTruthy();
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      path: 'companies/10/product_groups',
      body: { name: 'Toys' },
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Product Attribute created successfully.' }),
    );
  });

  it('activates a group and adds and deletes attributes', async () => {
    const api = server();
    renderScreen(() => <ProductGroupsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Footwear' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([
        expect.objectContaining({ method: 'POST', path: 'product_groups/2/activate' }),
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Apparel' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Attributes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attributes of Apparel' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Attribute Name' }), {
      target: { value: 'Fabric' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Attribute' }));
    await waitFor(() =>
      expect(api.changes().at(-1)).toMatchObject({
        method: 'POST',
        path: 'product_groups/1/attributes',
        body: { name: 'Fabric', type: 'text', options: [], is_required: false, position: 0 },
      }),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Product Attribute added successfully.' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Colour' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Attribute' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.changes().at(-1)).toMatchObject({ method: 'POST', path: 'attributes/11/delete' }),
    );
  });

  it('edits an attribute: its stored values fill the form and are saved back', async () => {
    const api = server();
    renderScreen(() => <ProductGroupsPage />, { user: EDITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Apparel' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Attributes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attributes of Apparel' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Colour' }));
    const form = await within(dialog).findByRole('form', { name: 'Edit attribute' });
    const name = within(form).getByRole('textbox', { name: 'Attribute Name' });
    expect((name as HTMLInputElement).value).toBe('Colour');
    fireEvent.change(name, { target: { value: 'Shade' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Attribute' }));
    await waitFor(() =>
      expect(api.changes().at(-1)).toMatchObject({
        method: 'PATCH',
        path: 'attributes/11',
        body: { name: 'Shade', type: 'select', options: ['Red', 'Blue'], is_required: true, position: 0 },
      }),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Product Attribute updated successfully.' }),
    );
  });

  it('is read-only without the change and add permissions', async () => {
    server();
    renderScreen(() => <ProductGroupsPage />, { user: withPermissions(['view_product_attribute']) });
    expect(await screen.findByText('Apparel')).toBeTruthy();
    expect(screen.getByText(/You can view product groups but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Product Group' })).toBeNull();
  });
});
