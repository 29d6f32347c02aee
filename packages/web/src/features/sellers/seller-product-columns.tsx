import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/data-table';
import { Money } from '../../components/money';
import { productPath } from '../../session/paths';
import type { SellerProduct } from './sellers.api';

/** Name, SKU, MRP, selling price and stock: the columns of the CSV extract too. */
export const sellerProductColumns: Column<SellerProduct>[] = [
  {
    key: 'name',
    header: 'Product',
    sortField: 'name',
    render: (product) => (
      <Anchor component={Link} to={productPath(product.id)} fw={500}>
        {product.name}
      </Anchor>
    ),
  },
  { key: 'sku', header: 'SKU', sortField: 'sku', render: (product) => product.sku || 'N/A' },
  {
    key: 'mrp',
    header: 'MRP',
    sortField: 'mrp',
    align: 'right',
    render: (product) => <Money value={product.mrp} />,
  },
  {
    key: 'selling_price',
    header: 'Selling Price',
    sortField: 'selling_price',
    align: 'right',
    render: (product) => <Money value={product.selling_price} />,
  },
  {
    key: 'available_stock',
    header: 'Stock',
    align: 'right',
    render: (product) => product.available_stock.toLocaleString('en-IN', { maximumFractionDigits: 3 }),
  },
];
