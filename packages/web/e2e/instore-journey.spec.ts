// The instore counter: a sale made with the keyboard alone, from scanning to the printed receipt.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('instore journey: a counter sale with the keyboard alone, paid in cash with change, the receipt, the next sale', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Counter Co ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 Laxmi Road',
    firstName: 'Meera',
    lastName: 'Deshpande',
    email: `pos.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Pens' });
  const upc = String(Date.now()).slice(-12).padStart(12, '8');
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Gel Pen ${stamp}`,
    sku: `GP-${stamp}`,
    upc,
    category: category.body.id,
    mrp: 150,
    selling_price: 118,
    tax: gst18?.id,
    hsn: '9608',
    warehouse: warehouse.id,
    opening_stock: 20,
    opening_rate: 50,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);

  await page.goto('/instore-order');
  const scan = page.getByLabel('Scan or search product');
  await expect(scan).toBeFocused();
  await page.keyboard.type(upc);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Cart' }).getByText(`Gel Pen ${stamp}`)).toBeVisible();
  await page.keyboard.type(upc);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity')).toHaveValue('2');
  // A name search, picked with the arrows.
  await page.keyboard.type('gel pen');
  await expect(page.getByRole('option', { name: new RegExp(`Gel Pen ${stamp}`) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity')).toHaveValue('3');
  await expect(page.getByTestId('sale-total')).toHaveText('₹354.00');
  // The counter with its cart, offers and coupon field passes axe (WCAG 2 A and AA, serious or worse).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await expect(page.getByLabel('Coupon Code')).toBeVisible();
  await expect(page.getByLabel('Cash')).toHaveValue('354.00');
  // F4 jumps to the cash received; typing replaces the proposed amount.
  await page.keyboard.press('F4');
  await expect(page.getByLabel('Cash')).toBeFocused();
  await page.keyboard.type('500');
  await expect(page.getByTestId('change-due')).toHaveText('₹146.00');
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/\/\d{4}\/00001/).first()).toBeVisible();
  await expect(dialog.getByText('CGST')).toBeVisible();
  await expect(dialog.getByText('₹146.00').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(scan).toBeFocused();
  await expect(page.getByRole('table', { name: 'Cart' }).getByText(`Gel Pen ${stamp}`)).toHaveCount(0);

  // One call made the order, the invoice and the payment: the order is paid, 17 pens are left.
  const orders = await callApiAsUser(page, 'GET', `admin/companies/${companyId}/orders`);
  expect(orders.body.results[0]).toMatchObject({ payment_status: 'paid' });
  const after = await callApiAsUser(page, 'GET', `products/${product.body.id}`);
  expect(after.body.stock.stock_by_branches[0].stock_by_warehouses[0].available_stock).toBe(17);
});
