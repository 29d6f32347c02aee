import { PRODUCT_MESSAGES } from '@b2b/domain/api/products';
import { MESSAGES } from '@b2b/domain/validation';
import { notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_MESSAGE } from '../../components/use-unsaved-changes';
import { createRouter, useNavigate } from '../../test/own-router';
import { renderWithProviders } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { ProductForm } from './product-form';
import { CATEGORY_REQUIRED_MESSAGE } from './product-form.schema';
import { makeProduct, productServer } from './product-test-server';
import type { Product } from './products.api';

// Mantine's autosizing textarea listens to document.fonts, which happy-dom does not have.
if (!document.fonts)
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

// The description editor loads lazily; load it once here rather than inside the first test's time.
beforeAll(() => import('../../components/rich-text-editor'));

function renderForm(product: Product | null = null) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ProductForm companyId={10} product={product} onSaved={onSaved} onCancel={onCancel} />,
    {
      user: makeUser(),
    },
  );
  return { onSaved, onCancel };
}

/** The new-product form on a page: saving goes to /saved, cancelling to /list. */
function NewProductPage() {
  const navigate = useNavigate();
  return (
    <ProductForm
      companyId={10}
      product={null}
      onSaved={() => void navigate({ to: '/saved' })}
      onCancel={() => void navigate({ to: '/list' })}
    />
  );
}

function renderFormInApp() {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string, title: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{title}</h1> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/products/new', component: NewProductPage }),
    page('/saved', 'Saved product'),
    page('/list', 'Products'),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/products/new'] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user: makeUser() });
  return router;
}

const input = (name: string) => screen.getByRole('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = (name = 'Create Product') => fireEvent.click(screen.getByRole('button', { name }));
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

async function chooseCategory(name: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Category' }));
  fireEvent.click(await screen.findByTitle('Expand Kitchen'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

async function chooseWarehouse(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Warehouse' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('ProductForm rules', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the spec's SKU, UPC, HSN and Tally messages as they are typed", async () => {
    productServer();
    renderForm();
    type('SKU', 'MG 750');
    expect(await screen.findByText(MESSAGES.sku)).toBeTruthy();
    type('UPC', '12345');
    expect(await screen.findByText(MESSAGES.upc)).toBeTruthy();
    type('HSN Code', '85091');
    expect(await screen.findByText(MESSAGES.hsn)).toBeTruthy();
    type('Tally Product Name', 'Mixer #1');
    expect(await screen.findByText(MESSAGES.tally)).toBeTruthy();

    type('SKU', 'MG-750_B');
    type('UPC', '890123456789');
    type('HSN Code', '850940');
    type('Tally Product Name', 'Mixer (750 W)');
    await waitFor(() => {
      for (const message of [MESSAGES.sku, MESSAGES.upc, MESSAGES.hsn, MESSAGES.tally]) {
        expect(screen.queryByText(message)).toBeNull();
      }
    });
  });

  it('checks the selling price against the MRP live, and again when the MRP changes', async () => {
    productServer();
    renderForm();
    type('MRP', '1000');
    type('Selling Price', '1200');
    expect(await screen.findByText(PRODUCT_MESSAGES.selling_price_above_mrp)).toBeTruthy();

    type('MRP', '1500');
    await waitFor(() => expect(screen.queryByText(PRODUCT_MESSAGES.selling_price_above_mrp)).toBeNull());
    expect(screen.getByText('Tax inclusive; ₹300.00 below the MRP (20% off).')).toBeTruthy();

    type('MRP', '1199.99');
    expect(await screen.findByText(PRODUCT_MESSAGES.selling_price_above_mrp)).toBeTruthy();
  });

  it('makes a brand from the form (+ New Brand) without submitting the product', async () => {
    const api = productServer();
    renderWithProviders(<ProductForm companyId={10} product={null} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      user: withPermissions(['add_product', 'add_brand']),
    });
    const newBrand = await screen.findByRole('button', { name: 'New Brand' });
    // Offered to those who may add one: this user may not add categories.
    expect(screen.queryByRole('button', { name: 'New Category' })).toBeNull();
    fireEvent.click(newBrand);
    const dialog = await screen.findByRole('dialog', { name: 'Create Brand' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Brand Name/ }), {
      target: { value: 'Usha' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Brand' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Brand' })).toBeNull());
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['companies/10/brands']);
    expect(screen.queryByText(CATEGORY_REQUIRED_MESSAGE)).toBeNull();
  });

  it('makes a unit from the unit picker (+ New Unit) and chooses it', async () => {
    const api = productServer();
    renderWithProviders(<ProductForm companyId={10} product={null} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      user: withPermissions(['add_product', 'add_unit']),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Unit' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Unit Name/ }), {
      target: { value: 'Tray of 30' },
    });
    // A code the company has already: the server's sentence lands on the field.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Unit Code/ }), {
      target: { value: 'nos' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /GST Unit/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Numbers (NOS)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Unit' }));
    expect(await within(dialog).findByText('A unit with the code NOS already exists.')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Unit Code/ }), {
      target: { value: 'tr30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Unit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Unit' })).toBeNull());
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['admin/companies/10/units', 'admin/companies/10/units']);
    expect(posts[1].body).toEqual({ name: 'Tray of 30', code: 'TR30', uqc: 'NOS' });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Unit' }) as HTMLInputElement).value).toBe(
        'Tray of 30 (TR30)',
      ),
    );
    expect(screen.queryByText(CATEGORY_REQUIRED_MESSAGE)).toBeNull();
  });

  it('offers + New Unit only to those who may add units', async () => {
    productServer();
    renderWithProviders(<ProductForm companyId={10} product={null} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      user: withPermissions(['add_product']),
    });
    await screen.findByRole('combobox', { name: 'Unit' });
    expect(screen.queryByRole('button', { name: 'New Unit' })).toBeNull();
  });

  it('marks every field on submit and sends nothing while the form is invalid', async () => {
    const api = productServer();
    renderForm();
    submit();
    expect(await screen.findByText(PRODUCT_MESSAGES.name_required)).toBeTruthy();
    expect(screen.getByText(CATEGORY_REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2); // MRP and selling price
    expect(screen.getByRole('status').textContent).toBe('4 fields need attention.');
    expect(api.changes()).toEqual([]);
  });

  it('asks for a warehouse when there is opening stock, and sends it with the stock', async () => {
    const api = productServer();
    const { onSaved } = renderForm();
    type('Product Name', 'Mixer Grinder');
    await chooseCategory('Mixers');
    type('MRP', '10000');
    type('Selling Price', '8000');
    type('Opening Stock', '1000');
    type('Opening Rate', '1000');
    submit();
    expect(await screen.findByText(PRODUCT_MESSAGES.warehouse_required)).toBeTruthy();
    expect(api.changes()).toEqual([]);

    await chooseWarehouse('Mumbai Warehouse');
    await waitFor(() => expect(screen.queryByText(PRODUCT_MESSAGES.warehouse_required)).toBeNull());
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      path: 'companies/10/products',
      body: { warehouse: 7, opening_stock: 1000, opening_rate: 1000 },
    });
  });

  it('creates a product with the body the API expects and the spec-style toast', async () => {
    const api = productServer();
    const { onSaved } = renderForm();
    type('Product Name', '  Mixer Grinder 750W ');
    type('SKU', 'MG-750');
    await chooseCategory('Mixers');
    type('MRP', '10000');
    type('Selling Price', '8000.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add Highlight' }));
    type('Highlight 1', '750 W copper motor');
    fireEvent.click(screen.getByRole('button', { name: 'Add Specification' }));
    type('Specification 1 name', 'Jars');
    type('Specification 1 detail', '3');
    submit();

    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Mixer Grinder 750W' })),
    );
    const body = api.changes()[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Mixer Grinder 750W',
      display_name: null,
      sku: 'MG-750',
      category: 3,
      brand: null,
      mrp: 10000,
      selling_price: 8000.5,
      cost_price: null,
      is_active: true,
      expose_inventory: true,
      is_visible_to_buyer: true,
      allow_back_ordering: false,
      max_quantity_per_transaction: 0,
      priority: 0,
      warehouse: null,
      highlights: ['750 W copper motor'],
      specifications: [{ name: 'Jars', detail: '3' }],
      related_products: {
        variants: [],
        frequently_bought_together: [],
        similar: [],
        sponsored: [],
        accessories: [],
      },
    });
    // No buyer group (every buyer sees it) and no seller.
    expect(body.buyer_group ?? null).toBeNull();
    expect(body.seller ?? null).toBeNull();
    expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Product created successfully.' }));
  });

  it("puts the server's field messages on the fields and shows the failure toast", async () => {
    productServer([], (call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              detail: 'A product with this name already exists.',
              code: 'validation_error',
              errors: {
                name: ['A product with this name already exists.'],
                'highlights.0': ['Cannot exceed more than 500 characters.'],
              },
            },
          }
        : undefined,
    );
    const { onSaved } = renderForm();
    type('Product Name', 'Mixer Grinder');
    await chooseCategory('Mixers');
    type('MRP', '100');
    type('Selling Price', '90');
    fireEvent.click(screen.getByRole('button', { name: 'Add Highlight' }));
    type('Highlight 1', 'Quiet');
    submit();
    const nameField = input('Product Name').closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(nameField).findByText('A product with this name already exists.')).toBeTruthy();
    expect(screen.getByText('Cannot exceed more than 500 characters.')).toBeTruthy();
    expect(toasts()).toContainEqual(
      expect.objectContaining({
        title: 'Failed to create Product.',
        message: 'A product with this name already exists.',
      }),
    );
    expect(onSaved).not.toHaveBeenCalled();

    // The message stays through the form's own checks until the name changes.
    fireEvent.blur(input('Product Name'));
    type('Selling Price', '95');
    expect(await within(nameField).findByText('A product with this name already exists.')).toBeTruthy();
    type('Product Name', 'Mixer Grinder Pro');
    await waitFor(() =>
      expect(within(nameField).queryByText('A product with this name already exists.')).toBeNull(),
    );
  });

  it('edits a product without its opening stock and sends only what changed', async () => {
    const product = makeProduct({
      id: 12,
      name: 'Mixer Grinder',
      sku: 'MG-1',
      opening_stock: 1000,
      opening_rate: 1000,
      warehouse: { id: 7, name: 'Mumbai Warehouse' },
      tags: ['kitchen'],
    });
    const api = productServer([product]);
    const { onSaved } = renderForm(product);
    expect(screen.queryByRole('textbox', { name: 'Opening Stock' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Warehouse' })).toBeNull();
    expect(screen.getByText(/1,000 received in Mumbai Warehouse at ₹1,000.00 each/)).toBeTruthy();

    type('Selling Price', '7500');
    submit('Save Changes');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.changes()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: 'products/12', body: { selling_price: 7500 } }),
    ]);
    expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Product updated successfully.' }));
  });

  it('saves nothing when nothing changed', async () => {
    const product = makeProduct({ id: 12, name: 'Mixer Grinder', tags: ['kitchen'], highlights: ['Quiet'] });
    const api = productServer([product]);
    const { onSaved } = renderForm(product);
    submit('Save Changes');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(product));
    expect(api.changes()).toEqual([]);
    expect(toasts()).toContainEqual(expect.objectContaining({ message: 'No changes to save.' }));
  });
});

describe('ProductForm unsaved changes', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks before leaving a changed form, and stays when told to', async () => {
    productServer();
    const router = renderFormInApp();
    await screen.findByRole('textbox', { name: 'Product Name' });
    type('Product Name', 'Mixer Grinder');
    // The form checks a change before it counts it (a person is never faster than that).
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(UNSAVED_CHANGES_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull());
    expect(router.state.location.pathname).toBe('/products/new');
    expect((input('Product Name') as HTMLInputElement).value).toBe('Mixer Grinder');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect((await screen.findByRole('heading', { name: 'Products' })).tagName).toBe('H1');
  });

  it('goes to the saved product without asking', async () => {
    const api = productServer();
    const router = renderFormInApp();
    await screen.findByRole('textbox', { name: 'Product Name' });
    type('Product Name', 'Mixer Grinder');
    await chooseCategory('Mixers');
    type('MRP', '1000');
    type('Selling Price', '900');
    submit();
    expect(await screen.findByRole('heading', { name: 'Saved product' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/saved');
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull();
    expect(api.changes()).toHaveLength(1);
  });
});
