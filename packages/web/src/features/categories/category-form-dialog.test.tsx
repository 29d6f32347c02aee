import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import type { Category } from './categories.api';
import { createCategoryBody, updateCategoryBody } from './category-form.schema';
import { type CategoryDialogTarget, CategoryFormDialog } from './category-form-dialog';
import { categoryServer, makeCategory, ROOT_CATEGORY } from './category-test-server';

const ELECTRONICS = makeCategory({ id: 2, name: 'Electronics' });
const PHONES = makeCategory({ id: 3, name: 'Phones', parent_category: 2 });
const TOYS = makeCategory({ id: 4, name: 'Toys', is_active: false });
const CATEGORIES = [ROOT_CATEGORY, ELECTRONICS, PHONES, TOYS];

// The description editor loads lazily; load it once here rather than inside the first test's time.
beforeAll(() => import('../../components/rich-text-editor'));

function renderDialog(target: CategoryDialogTarget, categories: Category[] = CATEGORIES) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(
    <CategoryFormDialog
      companyId={10}
      target={target}
      categories={categories}
      onClose={onClose}
      onSaved={onSaved}
    />,
    { user: makeUser() },
  );
  return { onClose, onSaved, dialog: screen.getByRole('dialog') };
}

/** The description is a rich text editor: text arrives in it as a browser's paste does. */
function pasteHtml(editor: HTMLElement, html: string) {
  fireEvent.paste(editor, {
    clipboardData: {
      types: ['text/html', 'text/plain'],
      getData: (type: string) =>
        type === 'text/html' ? html : type === 'text/plain' ? html.replace(/<[^>]+>/g, '') : '',
      files: [],
      items: [],
    },
  });
}

const nameInput = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Name' });

describe('category form validation', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the spec's name messages when the field is left, not while typing", async () => {
    categoryServer(CATEGORIES);
    const { dialog } = renderDialog({ kind: 'create', parentId: null });
    const input = nameInput(dialog);

    fireEvent.change(input, { target: { value: 'ab' } });
    expect(within(dialog).queryByText('Category name should be greater than 2 characters.')).toBeNull();
    fireEvent.blur(input);
    expect(
      await within(dialog).findByText('Category name should be greater than 2 characters.'),
    ).toBeTruthy();

    fireEvent.change(input, { target: { value: '   ' } });
    expect(await within(dialog).findByText('Category name is required')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    expect(await within(dialog).findByText('Last name cannot exceed more than 200 characters.')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Kitchen' } });
    await waitFor(() =>
      expect(within(dialog).queryByText('Last name cannot exceed more than 200 characters.')).toBeNull(),
    );
  });

  it('marks every field on submit and sends nothing while the form is invalid', async () => {
    const api = categoryServer(CATEGORIES);
    const { dialog } = renderDialog({ kind: 'create', parentId: null });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText('Category name is required')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Sub-category' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Sub-category' }));
    expect(await within(dialog).findByText('Please choose a parent category.')).toBeTruthy();
    expect(api.changes()).toEqual([]);
  });
});

describe('CategoryFormDialog', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('creates a top-level category without a parent, trimmed, and says so', async () => {
    const api = categoryServer(CATEGORIES);
    const { dialog, onSaved, onClose } = renderDialog({ kind: 'create', parentId: null });
    // No parent field for a top-level category.
    expect(within(dialog).queryByRole('combobox', { name: 'Parent Category' })).toBeNull();
    fireEvent.change(nameInput(dialog), { target: { value: '  Kitchen  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'companies/10/categories/',
        body: { name: 'Kitchen' },
      }),
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Kitchen' }));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Category created successfully.' }),
    );
  });

  it('creates a sub-category under the parent chosen in the tree, with its description', async () => {
    const api = categoryServer(CATEGORIES);
    const { dialog, onClose } = renderDialog({ kind: 'create', parentId: null });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Sub-category' }));
    fireEvent.change(nameInput(dialog), { target: { value: 'Smart Phones' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Parent Category' }));
    const listbox = screen.getByRole('listbox');
    // Inactive categories take no sub-categories: they are not offered.
    expect(within(listbox).queryByRole('option', { name: /Toys/ })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Electronics' }));
    pasteHtml(
      await within(dialog).findByRole('textbox', { name: 'Description' }),
      '<p>Phones with <b>apps</b></p>',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Sub-category' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()[0].body).toEqual({
      name: 'Smart Phones',
      description: '<p>Phones with <strong>apps</strong></p>',
      parent_category: 2,
    });
  });

  it('starts from the given parent, and leaves the parent out when the root is chosen', async () => {
    const api = categoryServer(CATEGORIES);
    const { dialog, onClose } = renderDialog({ kind: 'create', parentId: 2 });
    const parent = within(dialog).getByRole('combobox', { name: 'Parent Category' }) as HTMLInputElement;
    expect(parent.value).toBe('Electronics');
    fireEvent.click(parent);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Root Category' }));
    fireEvent.change(nameInput(dialog), { target: { value: 'Garden' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Sub-category' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()[0].body).toEqual({ name: 'Garden' });
  });

  it('edits name and description, and does not offer moving under itself', async () => {
    const api = categoryServer(CATEGORIES);
    const { dialog, onClose } = renderDialog({ kind: 'edit', category: ELECTRONICS });
    expect(within(dialog).queryByRole('radio', { name: 'Sub-category' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Parent Category' }));
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox).getByRole('option', { name: 'Electronics' }).hasAttribute('data-combobox-disabled'),
    ).toBe(true);
    fireEvent.change(nameInput(dialog), { target: { value: 'Consumer Electronics' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: 'categories/2',
        body: { name: 'Consumer Electronics', description: null },
      }),
    ]);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Category updated successfully.' }),
    );
  });

  it("shows the server's field message and the failure toast", async () => {
    categoryServer(CATEGORIES, (call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              detail: 'A category with this name already exists here.',
              code: 'name_taken',
              errors: { name: ['A category with this name already exists here.'] },
            },
          }
        : undefined,
    );
    const { dialog, onClose } = renderDialog({ kind: 'create', parentId: null });
    fireEvent.change(nameInput(dialog), { target: { value: 'Electronics' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText('A category with this name already exists here.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed to Create Category.' }),
    );
  });
});

describe('category bodies', () => {
  const values = { kind: 'sub-category' as const, name: 'Phones', description: null, parent_category: 2 };

  it('sends the parent only when one other than the root is chosen', () => {
    expect(createCategoryBody(values, 1)).toEqual({ name: 'Phones', parent_category: 2 });
    expect(createCategoryBody({ ...values, parent_category: 1 }, 1)).toEqual({ name: 'Phones' });
    expect(createCategoryBody({ ...values, kind: 'category' }, 1)).toEqual({ name: 'Phones' });
  });

  it('moves a category only when its parent changed, to null for the root', () => {
    expect(updateCategoryBody(PHONES, values, 1)).toEqual({ name: 'Phones', description: null });
    expect(updateCategoryBody(PHONES, { ...values, parent_category: 1 }, 1)).toEqual({
      name: 'Phones',
      description: null,
      parent_category: null,
    });
    expect(updateCategoryBody(ELECTRONICS, { ...values, parent_category: 4 }, 1).parent_category).toBe(4);
  });
});
