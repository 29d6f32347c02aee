import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { ProductDetails, type ProductPermissions } from './product-details';
import { ProductLoader } from './product-loader';
import { makeProduct, productServer } from './product-test-server';
import type { Product } from './products.api';

const MIXER = makeProduct({
  id: 20,
  name: 'Mixer Grinder',
  sku: 'MG-750',
  max_quantity_per_transaction: 0,
  priority: 3,
  tax: { id: 6, display_name: 'GST 18%', rate: 18 },
  hsn: '8509',
  tags: ['kitchen'],
  specifications: [{ name: 'Jars', detail: '3' }],
  images: [
    { id: 2, url: '/api/files/products/b.png', position: 1 },
    { id: 1, url: '/api/files/products/a.png', position: 0 },
  ],
  files: [
    {
      id: 5,
      url: '/api/files/products/manual.pdf',
      file_name: 'manual.pdf',
      content_type: 'application/pdf',
      size_bytes: 1536,
    },
  ],
  related_products: {
    variants: [],
    frequently_bought_together: [],
    similar: [{ id: 21, name: 'Electric Kettle', sku: 'EK-1' }],
    sponsored: [],
    accessories: [],
  },
});

const ALL: ProductPermissions = { canChange: true, canDelete: true };
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

/** The details as the page shows them: the product read through the cache, so changes show. */
function renderDetails(product: Product = MIXER, permissions: ProductPermissions = ALL) {
  return renderScreen(
    () => (
      <ProductLoader id={product.id}>
        {(loaded) => <ProductDetails product={loaded} permissions={permissions} />}
      </ProductLoader>
    ),
    { user: makeUser(), path: `/products/${product.id}` },
  );
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('ProductDetails', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every section, the main image first, files, related links and history', async () => {
    productServer([MIXER]);
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Mixer Grinder', level: 2 })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mixer Grinder main image' }).getAttribute('src')).toBe(
      '/api/files/products/a.png',
    );
    const images = within(card('Images')).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/files/products/a.png',
      '/api/files/products/b.png',
    ]);
    expect(within(card('Images')).getByText('Main image')).toBeTruthy();
    expect(within(card('Inventory')).getByText('Unlimited')).toBeTruthy();
    expect(within(card('Inventory')).getByText('3 (lower is higher)')).toBeTruthy();
    expect(within(card('Pricing and Tax')).getByText('₹2,000.00 below MRP (20% off)')).toBeTruthy();
    expect(within(card('Basic')).getByText('All buyers')).toBeTruthy();
    const manual = within(card('Downloadable Files')).getByRole('link', { name: 'manual.pdf' });
    expect(manual.getAttribute('href')).toBe('/api/files/products/manual.pdf');
    expect(within(card('Downloadable Files')).getByText('1.5 KB')).toBeTruthy();
    expect(
      within(card('Related Products'))
        .getByRole('link', { name: 'Electric Kettle (EK-1)' })
        .getAttribute('href'),
    ).toBe('/products/21');
    const history = await within(card('History')).findByText('Updated');
    expect(history).toBeTruthy();
    expect(within(card('History')).getAllByText(/Asha Rao/)).toHaveLength(2);
    expect(within(card('History')).getByText('Selling Price, Tags')).toBeTruthy();
  });

  it('deactivates after a confirmation and activates again, with the toasts', async () => {
    const api = productServer([MIXER]);
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(api.changes().map((call) => call.path)).toEqual([
      'products/20/deactivate',
      'products/20/activate',
    ]);
    expect(toasts()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'Product deactivated successfully.' }),
        expect.objectContaining({ message: 'Product activated successfully.' }),
      ]),
    );
  });

  it('deletes after a confirmation and goes back to the list', async () => {
    const api = productServer([MIXER]);
    const { router } = renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(api.changes()).toEqual([expect.objectContaining({ method: 'POST', path: 'products/20/delete' })]);
    expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Product deleted successfully.' }));
  });

  it('deletes an image after a confirmation', async () => {
    const api = productServer([MIXER]);
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete image 2' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Image' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(within(card('Images')).getAllByRole('img')).toHaveLength(1));
    expect(api.changes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: 'products/20/images/2' }),
    ]);
    expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Image deleted successfully.' }));
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const api = productServer([MIXER]);
    renderDetails();
    await screen.findByRole('heading', { name: 'Mixer Grinder', level: 2 });
    const input = card('Images').querySelector('input[type="file"]') as HTMLInputElement;
    const gif = new File(['GIF89a'], 'photo.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Failed to upload image.',
          message: 'Only PNG, JPEG or WebP images can be uploaded.',
        }),
      ),
    );
    expect(api.changes()).toEqual([]);
  });

  it('offers no actions without the permissions', async () => {
    productServer([MIXER]);
    renderDetails(MIXER, { canChange: false, canDelete: false });
    await screen.findByRole('heading', { name: 'Mixer Grinder', level: 2 });
    expect(screen.getByText(/You can view products but not change them/)).toBeTruthy();
    for (const name of ['Edit', 'Deactivate', 'Delete', 'Upload PDF', 'Delete image 1']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});

describe('ProductLoader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Product Not Found' for an unknown product", async () => {
    productServer([]);
    renderScreen(() => <ProductLoader id={404}>{() => 'loaded'}</ProductLoader>, { user: makeUser() });
    expect(await screen.findByText('Product Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toBeTruthy();
  });

  it('shows a load failure with Retry', async () => {
    let failing = true;
    productServer([MIXER], () =>
      failing ? { status: 500, body: { detail: 'Database is down.' } } : undefined,
    );
    renderWithProviders(<ProductLoader id={20}>{(product) => product.name}</ProductLoader>, {
      user: makeUser(),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load Product.')).toBeTruthy();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Mixer Grinder')).toBeTruthy();
  });
});
