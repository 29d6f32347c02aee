// Business intelligence (issue 25): a company sells a product almost out of stock and takes most of
// another back on a credit note. Business Performance shows the revenue; its insights flag the
// returns, whose link opens the sales returns and which is marked done; the inventory insights'
// reorder opens a purchase order prefilled with the product and the quantity.
import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;
const PUNE = { address_line_1: '7 FC Road', city: 'Pune', state_id: 27, pincode: '411004' };

async function api(page: Parameters<typeof callApiAsUser>[0], method: string, path: string, body?: unknown) {
  const res = await callApiAsUser(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Record<string, unknown> & { id: number };
}

test('business intelligence: business performance, its insights, an action followed and marked done', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndVerify(page, {
    company: `Deccan Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411004',
    addressLine1: '7 FC Road',
    firstName: 'Meera',
    lastName: 'Deshpande',
    email: `bi.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const branchId = (me.body.branches as { id: number }[])[0]?.id;
  const warehouses = await api(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.results as { id: number }[])[0];
  const taxes = await api(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await api(page, 'POST', `companies/${companyId}/categories`, { name: 'Tea' });
  const product = (name: string, stock: number) =>
    api(page, 'POST', `companies/${companyId}/products`, {
      name,
      category: category.id,
      mrp: 150,
      selling_price: 118,
      cost_price: 70,
      tax: gst18?.id,
      hsn: '0902',
      warehouse: warehouse?.id,
      opening_stock: stock,
      opening_rate: 70,
    });
  const assam = await product(`Assam Tea 1 kg ${stamp}`, 20);
  const nilgiri = await product(`Nilgiri Tea 500 g ${stamp}`, 10);
  const buyer = await api(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Joshi Kirana ${stamp}`,
    buyer_type: 'unregistered',
    billing_address: PUNE,
    shipping_address: PUNE,
  });
  const addresses = buyer.addresses as { id: number; address_type: string }[];
  const addressOf = (type: string) => addresses.find((a) => a.address_type === type)?.id;
  const invoiced = async (productId: number, quantity: number) => {
    const quotation = await api(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
      buyer: buyer.id,
      branch: branchId,
      billing_address: addressOf('billing_address'),
      shipping_address: addressOf('shipping_address'),
      items: [{ warehouse: warehouse?.id, product: productId, quantity }],
    });
    const order = await api(page, 'POST', `admin/quotations/${quotation.id}/generate_order/`, {});
    const confirmed = await api(page, 'POST', `admin/orders/${order.id}/confirm/`);
    const items = confirmed.order_items as { id: number; invoiceable_quantity: number }[];
    return api(page, 'POST', `admin/orders/${order.id}/generate_invoice/`, {
      items: items.map((item) => ({ order_item: item.id, quantity: item.invoiceable_quantity })),
    });
  };
  // 19 of 20 Assam sold: a day's cover left. 3 Nilgiri sold, 3 taken back: returns well above 5%.
  await invoiced(assam.id, 19);
  const nilgiriInvoice = await invoiced(nilgiri.id, 3);
  const invoice = await api(page, 'GET', `admin/invoices/${nilgiriInvoice.id}`);
  await api(page, 'POST', `admin/invoices/${invoice.id}/credit_notes`, {
    items: (invoice.items as { id: number }[]).map((item) => ({
      invoice_item: item.id,
      quantity: 3,
      additional_discount: 100,
    })),
  });

  // The panel lists the sections for a user with view_business_intelligence.
  await page.goto('/home/overview');
  await page.getByRole('button', { name: 'Business Intelligence' }).first().click();
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(page).toHaveURL(/\/business-intelligence\/business-performance$/);
  await expect(page.getByRole('heading', { name: 'Business Performance' })).toBeVisible();
  // 19 × ₹100 Net Sales less nothing on Assam; Nilgiri ₹300 sold and ₹300 returned.
  await expect(page.getByTestId('metric-revenue')).toHaveText('₹1.90 K');
  await expect(
    page.getByRole('region', { name: 'Revenue, gross profit and collections by 30 days' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'What to do today' }).click();
  await expect(page).toHaveURL(/business-performance\/actionable-insights$/);
  const returns = page.getByRole('article', { name: /Returns are .* of sales/ });
  await expect(returns).toBeVisible();
  await returns.getByRole('link', { name: 'Open sales returns' }).click();
  await expect(page).toHaveURL(/\/sales-returns/);
  await page.goBack();
  await page
    .getByRole('article', { name: /Returns are/ })
    .getByRole('button', { name: 'Mark as done' })
    .click();
  await expect(page.getByText('Marked as done.')).toBeVisible();
  await expect(
    page.getByRole('article', { name: /Returns are/ }).getByText('Done', { exact: true }),
  ).toBeVisible();
  // Remembered: a new visit still shows it done.
  await page.reload();
  await expect(
    page.getByRole('article', { name: /Returns are/ }).getByRole('button', { name: 'Reopen' }),
  ).toBeVisible({ timeout: 30_000 });

  // The inventory insight's reorder opens a purchase order prefilled with Assam and its quantity.
  await page.goto('/business-intelligence/inventory-performance/actionable-insights');
  const reorder = page.getByRole('article', { name: /Reorder 1 product below 15 days of cover/ });
  await expect(reorder).toBeVisible({ timeout: 30_000 });
  await reorder.getByRole('link', { name: 'Draft the purchase order' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/new\\?items=${assam.id}%3A`));
  await expect(page.getByText('1 product to reorder')).toBeVisible({ timeout: 30_000 });
});
