import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { CategoriesPage } from './categories-page';
import { categoryServer, makeCategory, ROOT_CATEGORY } from './category-test-server';

const CATEGORIES = [
  ROOT_CATEGORY,
  makeCategory({ id: 2, name: 'Electronics', search_keywords: 'gadgets' }),
  makeCategory({ id: 3, name: 'Phones', parent_category: 2, meta_title: 'Buy phones online' }),
  makeCategory({ id: 4, name: 'Toys', is_active: false, is_included_in_menu: false }),
];

const EDITOR = withPermissions(['view_category', 'add_category', 'change_category']);
const VIEWER = withPermissions(['view_category']);

const tree = () => screen.getByRole('tree', { name: 'Categories' });
const item = (name: string) => within(tree()).getByRole('treeitem', { name });

describe('CategoriesPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the whole list once and shows the tree from the root, inactive ones marked', async () => {
    const api = categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    expect(await screen.findByRole('treeitem', { name: 'Root Category' })).toBeTruthy();
    expect(api.calls[0].query.get('limit')).toBe('-1');
    expect(item('Root Category').getAttribute('aria-expanded')).toBe('true');
    expect(item('Electronics').getAttribute('aria-expanded')).toBe('false');
    expect(within(tree()).queryByRole('treeitem', { name: 'Phones' })).toBeNull();
    expect(item('Toys').getAttribute('aria-level')).toBe('2');
    expect(item('Toys').getAttribute('aria-describedby')).toBeTruthy();
    expect(within(item('Toys')).getByText('Inactive')).toBeTruthy();
    expect(within(item('Toys')).getByText('Not in menu')).toBeTruthy();
    expect(item('Electronics').getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(screen.getByTitle('Expand Electronics'));
    expect(item('Phones').getAttribute('aria-level')).toBe('3');
  });

  it('opens branches and moves with the arrow keys', async () => {
    categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    const root = await screen.findByRole('treeitem', { name: 'Root Category' });
    expect(root.tabIndex).toBe(0);
    root.focus();
    fireEvent.keyDown(root, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Electronics'));
    fireEvent.keyDown(item('Electronics'), { key: 'ArrowRight' });
    expect(item('Electronics').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(item('Electronics'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(item('Phones'));
    fireEvent.keyDown(item('Phones'), { key: 'Enter' });
    expect(item('Phones').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Phones' })).toBeTruthy();
    fireEvent.keyDown(item('Phones'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(item('Electronics'));
  });

  it('shows the chosen category and deactivates it after confirming', async () => {
    const api = categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByText('Electronics'));
    const details = screen.getByRole('region', { name: 'Category Electronics' });
    expect(within(details).getByText('Root Category')).toBeTruthy();
    expect(within(details).getByText('Sub-categories (1)')).toBeTruthy();
    expect(within(details).getByText('Active')).toBeTruthy();

    fireEvent.click(within(details).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Category' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Category deactivated successfully.' }),
      ),
    );
    expect(api.changes()).toEqual([
      expect.objectContaining({ method: 'POST', path: 'categories/2/deactivate' }),
    ]);
    await waitFor(() => expect(within(item('Electronics')).getByText('Inactive')).toBeTruthy());
    expect(within(details).getByRole('button', { name: 'Activate' })).toBeTruthy();
  });

  it('excludes a category from the menu with a PATCH and the spec toast', async () => {
    const api = categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByText('Electronics'));
    fireEvent.click(screen.getByRole('button', { name: 'Exclude from Menu' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Category excluded from menu successfully.' }),
      ),
    );
    expect(api.changes()[0]).toMatchObject({
      method: 'PATCH',
      path: 'categories/2',
      body: { is_included_in_menu: false },
    });
    expect(await screen.findByRole('button', { name: 'Include in Menu' })).toBeTruthy();
  });

  it('uploads an image as multipart form data, and refuses a GIF without calling the server', async () => {
    const api = categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByText('Electronics'));
    expect(screen.getByLabelText('Electronics has no image')).toBeTruthy();
    const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    const png = new File(['png'], 'electronics.png', { type: 'image/png' });
    fireEvent.change(fileInput(), { target: { files: [png] } });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Image uploaded successfully.' }),
      ),
    );
    const upload = api.changes()[0];
    expect(upload).toMatchObject({ method: 'POST', path: 'categories/2/image' });
    expect((upload.body as FormData).get('file')).toBe(png);

    fireEvent.change(fileInput(), { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to upload image.',
          message: 'Only PNG, JPEG or WebP images can be uploaded.',
        }),
      ),
    );
    expect(api.changes()).toHaveLength(1);
  });

  it('offers only adding under the root', async () => {
    categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByText('Root Category'));
    const details = screen.getByRole('region', { name: 'Category Root Category' });
    expect(within(details).getByRole('button', { name: 'Add Category' })).toBeTruthy();
    for (const action of ['Edit', 'Deactivate', 'Upload Image', 'Edit SEO', 'Exclude from Menu']) {
      expect(within(details).queryByRole('button', { name: action })).toBeNull();
    }
  });

  it('adds a sub-category from the chosen one and shows it chosen in the tree', async () => {
    const api = categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByText('Electronics'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Sub-category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Sub-category' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Laptops' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Sub-category' }));
    await waitFor(() => expect(item('Laptops').getAttribute('aria-selected')).toBe('true'));
    expect(api.changes()[0].body).toEqual({ name: 'Laptops', parent_category: 2 });
    expect(item('Electronics').getAttribute('aria-expanded')).toBe('true');
  });

  it('edits the SEO section with the meta title hint', async () => {
    const api = categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    fireEvent.click(await screen.findByText('Electronics'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit SEO' }));
    const dialog = await screen.findByRole('dialog', { name: 'SEO of Electronics' });
    expect(within(dialog).getByText('Ideal length: 40 to 60 characters')).toBeTruthy();
    const url = within(dialog).getByRole('textbox', { name: 'SEO URL' });
    fireEvent.change(url, { target: { value: 'Consumer Electronics' } });
    fireEvent.blur(url);
    expect(
      await within(dialog).findByText('Only lowercase letters, digits, _ and - are allowed.'),
    ).toBeTruthy();
    fireEvent.change(url, { target: { value: 'consumer-electronics' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Meta Title/ }), {
      target: { value: 'Electronics at wholesale prices' },
    });
    expect(within(dialog).getByText('31 characters')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Category section updated successfully.' }),
      ),
    );
    expect(api.changes()[0]).toMatchObject({
      method: 'PATCH',
      path: 'categories/2/seo',
      body: {
        seo_url: 'consumer-electronics',
        meta_title: 'Electronics at wholesale prices',
        meta_description: null,
        search_keywords: 'gadgets',
        also_known_name: null,
      },
    });
  });

  it('finds categories by name or keyword, keeping the way to them', async () => {
    categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    await screen.findByRole('treeitem', { name: 'Root Category' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'phon' } });
    expect(await screen.findByRole('treeitem', { name: 'Phones' })).toBeTruthy();
    expect(within(tree()).queryByRole('treeitem', { name: 'Toys' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'gadgets' } });
    await waitFor(() => expect(within(tree()).queryByRole('treeitem', { name: 'Phones' })).toBeTruthy());
    expect(within(tree()).queryByRole('treeitem', { name: 'Toys' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('No category matches “nothing”.')).toBeTruthy();
  });

  it('shows the empty-state card while there is only the root, and adds from it', async () => {
    const api = categoryServer([ROOT_CATEGORY]);
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    expect(await screen.findByText('Add a Category and boost your business')).toBeTruthy();
    expect(screen.getByText("Oops it's empty here")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    // With nothing but the root there is nothing to be a sub-category of.
    expect(within(dialog).queryByRole('radio', { name: 'Sub-category' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Kitchen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByRole('treeitem', { name: 'Kitchen' })).toBeTruthy();
    expect(api.changes()[0].body).toEqual({ name: 'Kitchen' });
  });

  it('is read-only without change_category and add_category', async () => {
    categoryServer(CATEGORIES);
    renderWithProviders(<CategoriesPage />, { user: VIEWER });
    fireEvent.click(await screen.findByText('Electronics'));
    expect(screen.getByText(/You can view categories but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Category' })).toBeNull();
    const details = screen.getByRole('region', { name: 'Category Electronics' });
    expect(within(details).queryAllByRole('button')).toEqual([]);
  });

  it('shows a failed load with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    categoryServer(CATEGORIES, () =>
      fail ? { status: 500, body: { detail: 'Database is down.' } } : undefined,
    );
    renderWithProviders(<CategoriesPage />, { user: EDITOR });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load.');
    expect(alert.textContent).toContain('Database is down.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('treeitem', { name: 'Root Category' })).toBeTruthy();
  });
});
