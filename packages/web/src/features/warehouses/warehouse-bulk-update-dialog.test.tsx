import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { WarehouseInventoryTab } from './warehouse-inventory-tab';

function server(uploadAnswer: { status?: number; body: unknown }) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'warehouses/5/product_inventory') return { body: paged([]) };
    if (call.path.startsWith('admin/warehouses/5/')) return uploadAnswer;
    return undefined;
  });
}

async function chooseFile(name = 'stock.csv') {
  fireEvent.click(screen.getByRole('button', { name: 'Choose file' }));
  const input = screen.getByLabelText('CSV file') as HTMLInputElement;
  const file = new File(['sku,stock\nA,1\n'], name, { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  expect(await screen.findByText(name)).toBeTruthy();
}

describe('warehouse Bulk Update', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is hidden without change_inventory or add_inventory_adjustment', async () => {
    server({ body: {} });
    renderScreen(() => <WarehouseInventoryTab warehouseId={5} />, {
      user: withPermissions(['view_warehouse']),
    });
    expect(await screen.findByText('No product is assigned to this warehouse yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bulk Update' })).toBeNull();
  });

  it('uploads a set-stock file with PATCH and shows the rows applied', async () => {
    const api = server({ body: { rows_applied: 3, movements: 2, adjustments: [] } });
    renderScreen(() => <WarehouseInventoryTab warehouseId={5} />, {
      user: withPermissions(['view_warehouse', 'change_inventory', 'add_inventory_adjustment']),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Update' });
    fireEvent.click(within(dialog).getByText('Set stock'));
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    await chooseFile();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('3 rows applied.')).toBeTruthy();
    const upload = api.changes()[0];
    expect(upload.method).toBe('PATCH');
    expect(upload.path).toBe('admin/warehouses/5/bulk_inventory_update/');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('shows every row error of a refused file, with a downloadable report', async () => {
    server({
      status: 400,
      body: {
        detail: 'The file has errors; nothing was changed.',
        code: 'validation_error',
        row_errors: [
          { row: 3, column: 'sku', message: 'No product with this SKU.' },
          { row: 5, column: 'quantity', message: 'Quantity cannot be zero.' },
        ],
      },
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderScreen(() => <WarehouseInventoryTab warehouseId={5} />, {
      user: withPermissions(['view_warehouse', 'add_inventory_adjustment']),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Update' });
    // Only the adjustment kind is allowed: no kind switch.
    expect(within(dialog).queryByText('Set stock')).toBeNull();
    await chooseFile();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const table = await within(dialog).findByRole('table', { name: 'File errors' });
    expect(within(table).getByText('No product with this SKU.')).toBeTruthy();
    expect(within(table).getByText('Quantity cannot be zero.')).toBeTruthy();
    expect(within(dialog).getByText('2 errors found.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download error report' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [blob] = createObjectURL.mock.calls[0] as unknown as [Blob];
    expect(await blob.text()).toContain('3,sku,No product with this SKU.');
  });
});
