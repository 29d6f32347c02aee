// The Home dashboard (issue 21): a new company sees 'No sales yet'; after an invoiced order and an
// order waiting confirmation it sees the figures, the charts and the top lists, and a waiting
// count opens the order list filtered to those orders.
import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const PUNE = { address_line_1: '5 Laxmi Road', city: 'Pune', state_id: 27, pincode: '411001' };

async function api(page: Parameters<typeof callApiAsUser>[0], method: string, path: string, body?: unknown) {
  const res = await callApiAsUser(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Record<string, unknown> & { id: number };
}

test('dashboard journey: no sales yet, then the figures, the charts and a waiting-orders link', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Dashboard Co ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 Laxmi Road',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    email: `dash.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  await page.goto('/home/overview');
  await expect(page.getByText('No sales yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an order' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sales today' }).getByText('₹0.00', { exact: true }),
  ).toBeVisible();

  // An order invoiced today (2 × ₹118 with 18% GST: Net Sales ₹200) and one left to confirm.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const branchId = (me.body.branches as { id: number }[])[0]?.id;
  const warehouses = await api(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.results as { id: number }[])[0];
  const taxes = await api(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await api(page, 'POST', `companies/${companyId}/categories`, { name: 'Pens' });
  const product = await api(page, 'POST', `companies/${companyId}/products`, {
    name: `Gel Pen ${stamp}`,
    sku: `GP-${stamp}`,
    category: category.id,
    mrp: 150,
    selling_price: 118,
    tax: gst18?.id,
    hsn: '9608',
    warehouse: warehouse?.id,
    opening_stock: 20,
    opening_rate: 50,
  });
  const buyer = await api(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Sharma Stores ${stamp}`,
    buyer_type: 'unregistered',
    billing_address: PUNE,
    shipping_address: PUNE,
  });
  const addresses = buyer.addresses as { id: number; address_type: string }[];
  const addressOf = (type: string) => addresses.find((a) => a.address_type === type)?.id;
  const order = async (quantity: number) => {
    const quotation = await api(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
      buyer: buyer.id,
      branch: branchId,
      billing_address: addressOf('billing_address'),
      shipping_address: addressOf('shipping_address'),
      items: [{ warehouse: warehouse?.id, product: product.id, quantity }],
    });
    return api(page, 'POST', `admin/quotations/${quotation.id}/generate_order/`, {});
  };
  const sold = await order(2);
  const confirmed = await api(page, 'POST', `admin/orders/${sold.id}/confirm/`);
  const items = confirmed.order_items as { id: number; invoiceable_quantity: number }[];
  await api(page, 'POST', `admin/orders/${sold.id}/generate_invoice/`, {
    items: items.map((item) => ({ order_item: item.id, quantity: item.invoiceable_quantity })),
  });
  const waiting = await order(1);

  await page.reload();
  await expect(page.getByText('No sales yet')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Sales today' }).getByText('₹200.00', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sales this month' }).getByText('₹200.00', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Receivables' }).getByText('₹236.00', { exact: true }),
  ).toBeVisible();
  const topProducts = page.getByRole('region', { name: 'Top products this month' });
  await expect(topProducts.getByText(`Gel Pen ${stamp}`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Top buyers this month' }).getByText(`Sharma Stores ${stamp}`),
  ).toBeVisible();
  // The charts come with their lazily loaded library.
  const trend = page.getByRole('region', { name: 'Sales trend (last 12 months)' });
  await expect(trend.locator('.recharts-surface').first()).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Money in and out (last 6 months)' })
      .locator('.recharts-surface')
      .first(),
  ).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);

  // The waiting order opens the order list filtered to new orders.
  await page.getByRole('link', { name: 'To confirm: 1' }).click();
  await expect(page).toHaveURL(/\/orders\?.*status=/);
  await expect(page.getByText(String(waiting.order_number)).first()).toBeVisible();
  await expect(page.getByText(String(sold.order_number))).toHaveCount(0);
});
