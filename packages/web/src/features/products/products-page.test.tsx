import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_TITLE } from '../../components/empty-state-card';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { makeProduct, productServer } from './product-test-server';
import { ProductsPage } from './products-page';

const MIXER = makeProduct({
  id: 11,
  name: 'Mixer Grinder',
  sku: 'MG-750',
  brand: { id: 4, name: 'Prestige' },
  images: [{ id: 1, url: '/api/files/products/mixer.png', position: 0 }],
  stock: {
    in_stock: true,
    stock_by_branches: [
      {
        id: 70,
        name: 'Mumbai',
        stock_by_warehouses: [{ id: 7, name: 'Mumbai Warehouse', available_stock: 1250, df_quantity: 0 }],
      },
    ],
  },
});
const KETTLE = makeProduct({
  id: 12,
  name: 'Electric Kettle',
  mrp: 2499,
  selling_price: 1999,
  is_active: false,
});

const EDITOR = withPermissions(['view_product', 'add_product', 'change_product', 'delete_product']);
const VIEWER = withPermissions(['view_product']);

const table = () => screen.getByRole('table', { name: 'Products' });
const productCalls = (api: ReturnType<typeof productServer>) =>
  api.calls.filter((call) => call.method === 'GET' && call.path === 'companies/10/products');

describe('ProductsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists products with image, prices, stock and status; a row opens the product', async () => {
    const api = productServer([MIXER, KETTLE]);
    const { router } = renderScreen(() => <ProductsPage />, { user: EDITOR });
    const row = (await screen.findByText('Mixer Grinder')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Mixer Grinder image' }).getAttribute('src')).toBe(
      '/api/files/products/mixer.png',
    );
    expect(within(row).getByText('SKU MG-750')).toBeTruthy();
    expect(within(row).getByText('₹10,000.00')).toBeTruthy();
    expect(within(row).getByText('₹8,000.00')).toBeTruthy();
    expect(within(row).getByText('1,250')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const kettle = within(table()).getByText('Electric Kettle').closest('tr') as HTMLElement;
    expect(within(kettle).getByText('Out of stock')).toBeTruthy();
    expect(within(kettle).getByText('Inactive')).toBeTruthy();
    expect(within(kettle).getByText('₹1,999.00')).toBeTruthy();
    expect(productCalls(api)[0].query.toString()).toBe('limit=20&offset=0&ordering=-created_at');

    fireEvent.click(within(row).getByText('₹8,000.00'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/11'));
  });

  it('builds the filters into the list query and keeps them in the address', async () => {
    const api = productServer([MIXER, KETTLE]);
    const { router } = renderScreen(() => <ProductsPage />, { user: EDITOR });
    await screen.findByText('Mixer Grinder');

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('is_active')).toBe('false'));

    fireEvent.click(screen.getByRole('combobox', { name: 'Stock' }));
    fireEvent.click(await screen.findByRole('option', { name: 'In stock' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('in_stock')).toBe('true'));

    fireEvent.click(screen.getByLabelText('Sales Channel'));
    fireEvent.click(await screen.findByRole('option', { name: 'Web Store' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('sales_channel__in')).toBe('3'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' MG-7 ' } });
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('search')).toBe('MG-7'), {
      timeout: 2000,
    });
    expect(router.state.location.search).toMatchObject({
      q: 'MG-7',
      status: 'inactive',
      stock: 'in',
      channels: [3],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(productCalls(api).at(-1)?.query.toString()).toBe('limit=20&offset=0&ordering=-created_at'),
    );
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('sorts by the column headers alone, kept in the address (one sort control)', async () => {
    const api = productServer([MIXER, KETTLE]);
    const { router } = renderScreen(() => <ProductsPage />, { user: EDITOR });
    await screen.findByText('Mixer Grinder');
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    const header = (name: string) =>
      within(table()).getByRole('button', { name }).closest('th') as HTMLElement;
    expect(header('Created On').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(table()).getByRole('button', { name: 'Selling Price' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('selling_price'));
    expect(header('Selling Price').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Created On').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(table()).getByRole('button', { name: 'Selling Price' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('-selling_price'));
    expect(router.state.location.search).toMatchObject({ ordering: '-selling_price' });

    // Every order the old 'Sort by' list offered has its header; dates start with the newest.
    fireEvent.click(within(table()).getByRole('button', { name: 'Updated On' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('-updated_at'));
    fireEvent.click(within(table()).getByRole('button', { name: 'Updated On' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('updated_at'));
    fireEvent.click(within(table()).getByRole('button', { name: 'Priority' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('priority'));
    fireEvent.click(within(table()).getByRole('button', { name: 'Product' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('name'));
    fireEvent.click(within(table()).getByRole('button', { name: 'Created On' }));
    await waitFor(() => expect(productCalls(api).at(-1)?.query.get('ordering')).toBe('-created_at'));
    expect(router.state.location.search).not.toHaveProperty('ordering');
  });

  it("shows the spec's empty card with a working Add while the company has no product", async () => {
    productServer([]);
    const { router } = renderScreen(() => <ProductsPage />, { user: EDITOR });
    expect(await screen.findByText(EMPTY_TITLE)).toBeTruthy();
    expect(screen.getByText('Add a Product and boost your business')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/new'));
  });

  it('says when nothing matches the filters, without the empty card', async () => {
    productServer([MIXER]);
    renderScreen(() => <ProductsPage />, { user: EDITOR, path: '/?q=%22kettle%22' });
    expect(await screen.findByText('No product matches the search or the filters.')).toBeTruthy();
    expect(screen.queryByText(EMPTY_TITLE)).toBeNull();
  });

  it('shows a load failure with Retry', async () => {
    let failing = true;
    productServer([MIXER], (call) =>
      failing && call.path === 'companies/10/products'
        ? { status: 500, body: { detail: 'Database is down.' } }
        : undefined,
    );
    renderScreen(() => <ProductsPage />, { user: EDITOR });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load Products.')).toBeTruthy();
    expect(within(alert).getByText('Database is down.')).toBeTruthy();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Mixer Grinder')).toBeTruthy();
  });

  it('is read-only without the change and add permissions', async () => {
    productServer([MIXER]);
    renderScreen(() => <ProductsPage />, { user: VIEWER });
    expect(await screen.findByText('Mixer Grinder')).toBeTruthy();
    expect(screen.getByText(/You can view products but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Product' })).toBeNull();
  });
});
