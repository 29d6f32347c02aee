import type { ProductStock } from '@b2b/domain/products';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ProductStockCard } from './product-stock-card';

const STOCK: ProductStock = {
  in_stock: true,
  stock_by_branches: [
    {
      id: 1,
      name: 'Mumbai',
      stock_by_warehouses: [
        { id: 11, name: 'Bhiwandi', available_stock: 120, df_quantity: 20 },
        // More committed than on hand (back-ordered): the spec shows the absolute difference.
        { id: 12, name: 'Andheri', available_stock: 5, df_quantity: 12.5 },
      ],
    },
    {
      id: 2,
      name: 'Pune',
      stock_by_warehouses: [{ id: 21, name: 'Hinjawadi', available_stock: 1000, df_quantity: 0 }],
    },
  ],
};

const rowOf = (name: string) => {
  const cell = within(screen.getByRole('table', { name: 'Stock by warehouse' })).getByText(name);
  return (cell.closest('tr') as HTMLElement).textContent;
};

describe('ProductStockCard', () => {
  it('shows |available_stock - df_quantity| per warehouse and each branch as the sum of its warehouses', () => {
    renderWithProviders(<ProductStockCard stock={STOCK} />);
    expect(rowOf('Bhiwandi')).toBe('Bhiwandi100');
    expect(rowOf('Andheri')).toBe('Andheri7.5');
    expect(rowOf('Mumbai')).toBe('Mumbai107.5');
    expect(rowOf('Hinjawadi')).toBe('Hinjawadi1,000');
    expect(rowOf('Pune')).toBe('Pune1,000');
    expect(screen.getByText('In stock')).toBeTruthy();
  });

  it('shows zero everywhere when the product is not in stock', () => {
    renderWithProviders(<ProductStockCard stock={{ ...STOCK, in_stock: false }} />);
    expect(rowOf('Bhiwandi')).toBe('Bhiwandi0');
    expect(rowOf('Mumbai')).toBe('Mumbai0');
    expect(rowOf('Pune')).toBe('Pune0');
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });

  it('says so when no warehouse holds the product', () => {
    renderWithProviders(<ProductStockCard stock={{ in_stock: false, stock_by_branches: [] }} />);
    expect(screen.getByText('No warehouse holds this product yet.')).toBeTruthy();
  });
});
