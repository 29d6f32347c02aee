import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import type { CategoryTreeItem } from './category-tree';
import { CategoryTreeSelect, type CategoryTreeSelectProps } from './category-tree-select';

const item = (
  id: number,
  name: string,
  parent: number | null,
  overrides: Partial<CategoryTreeItem> = {},
): CategoryTreeItem => ({ id, name, parent_category: parent, is_active: true, is_root: false, ...overrides });

const CATEGORIES: CategoryTreeItem[] = [
  item(1, 'Root Category', null, { is_root: true }),
  item(2, 'Electronics', 1),
  item(3, 'Phones', 2),
  item(4, 'Chargers', 3),
  item(5, 'Toys', 1, { is_active: false }),
  item(6, 'Gadgets', 2, { is_active: false }),
  item(7, 'Smart Watches', 6),
];

function Harness(props: Partial<CategoryTreeSelectProps> & { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <CategoryTreeSelect
      label="Parent Category"
      categories={CATEGORIES}
      {...props}
      value={value}
      onChange={(id) => {
        setValue(id);
        props.onChange?.(id);
      }}
    />
  );
}

const open = () => fireEvent.click(screen.getByRole('combobox', { name: 'Parent Category' }));
const listbox = () => screen.getByRole('listbox');
const optionNames = () =>
  within(listbox())
    .queryAllByRole('option')
    .map((option) => option.textContent);
const expand = (name: string) => fireEvent.click(screen.getByTitle(`Expand ${name}`));

describe('CategoryTreeSelect', () => {
  it('shows the root on top with its sub-categories, and opens a branch on its chevron', () => {
    renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Parent Category' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    open();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual(['Root Category', 'Electronics', 'ToysInactive']);
    const root = within(listbox()).getByRole('option', { name: 'Root Category' });
    expect(root.getAttribute('aria-level')).toBe('1');
    expect(root.getAttribute('aria-expanded')).toBe('true');

    expand('Electronics');
    expect(optionNames()).toEqual([
      'Root Category',
      'Electronics',
      'GadgetsInactive',
      'Phones',
      'ToysInactive',
    ]);
    expect(within(listbox()).getByRole('option', { name: 'Phones' }).getAttribute('aria-level')).toBe('3');
    expand('Phones');
    expect(optionNames()).toContain('Chargers');
  });

  it('chooses a category, shows its path and highlights it when the list opens again', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    open();
    expand('Electronics');
    fireEvent.click(within(listbox()).getByRole('option', { name: 'Phones' }));
    expect(onChange).toHaveBeenCalledWith(3);
    const input = screen.getByRole('combobox', { name: 'Parent Category' }) as HTMLInputElement;
    expect(input.value).toBe('Electronics › Phones');

    open();
    const phones = within(listbox()).getByRole('option', { name: 'Phones' });
    expect(phones.getAttribute('aria-selected')).toBe('true');
    expect(phones.hasAttribute('data-combobox-active')).toBe(true);
    expect(within(listbox()).getByRole('option', { name: 'Electronics' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });

  it('opens the way to a chosen category it is given', () => {
    renderWithProviders(<Harness initial={4} />);
    expect((screen.getByRole('combobox', { name: 'Parent Category' }) as HTMLInputElement).value).toBe(
      'Electronics › Phones › Chargers',
    );
    open();
    expect(within(listbox()).getByRole('option', { name: 'Chargers' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('hides inactive categories, keeping an inactive one above an active one but not choosable', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness hideInactive onChange={onChange} />);
    open();
    expect(optionNames()).not.toContain('ToysInactive');
    expand('Electronics');
    const gadgets = within(listbox()).getByRole('option', { name: /^Gadgets/ });
    expect(gadgets.hasAttribute('data-combobox-disabled')).toBe(true);
    fireEvent.click(gadgets);
    expect(onChange).not.toHaveBeenCalled();
    expand('Gadgets');
    fireEvent.click(within(listbox()).getByRole('option', { name: 'Smart Watches' }));
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('finds categories by name as the user types', () => {
    renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Parent Category' });
    // Mantine takes only changes typed into the focused input (not autofill).
    input.focus();
    fireEvent.change(input, { target: { value: 'charg' } });
    expect(optionNames()).toEqual(['Root Category', 'Electronics', 'Phones', 'Chargers']);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getByText('No category found')).toBeTruthy();
  });

  it('does not offer the categories it is told to disable', () => {
    renderWithProviders(<Harness isDisabled={(category) => category.id === 2} />);
    open();
    expect(
      within(listbox()).getByRole('option', { name: 'Electronics' }).hasAttribute('data-combobox-disabled'),
    ).toBe(true);
  });
});
