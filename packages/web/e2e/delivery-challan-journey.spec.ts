// Delivery challans: goods out on approval, delivered, and partly kept by the buyer (sold through an invoice).
import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('delivery challan journey: goods on approval to a buyer, delivered, two of five kept and invoiced, the rest back', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Challan Co ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 Laxmi Road',
    firstName: 'Meera',
    lastName: 'Deshpande',
    email: `dc.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string; branch: { name: string } }[])[0];
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const product = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Ceiling Fan ${stamp}`,
    sku: `CF-${stamp}`,
    category: category.body.id,
    mrp: 2860,
    selling_price: 2360,
    tax: gst18?.id,
    hsn: '84145110',
    warehouse: warehouse.id,
    opening_stock: 20,
    opening_rate: 1180,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const buyerName = `Shivaji Electricals ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '22 Tilak Road', city: 'Pune', state_id: 27, pincode: '411030' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);

  await page.goto('/delivery-challans');
  await expect(page.getByRole('heading', { name: 'Delivery Challans' })).toBeVisible();
  // Nothing yet: the spec's empty card and its Add.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/delivery-challans\/new$/);
  const form = page.getByRole('form', { name: 'New Challan' });
  await pick(page, form, 'Purpose', 'Supply on Approval');
  await pick(page, form, 'Sending Warehouse', `${warehouse.name} (${warehouse.branch.name})`);
  await form.getByLabel('Buyer').fill('Shivaji');
  await page.getByRole('option', { name: new RegExp(buyerName) }).click();
  await expect(form.getByRole('combobox', { name: 'Delivery Address' })).toHaveValue(/22 Tilak Road/);
  await form.getByLabel('Product 1').fill('Ceiling');
  await page.getByRole('option', { name: /Ceiling Fan/ }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('5');
  await form.getByRole('textbox', { name: 'Vehicle Number' }).fill('MH12AB1234');
  await expect(form.getByText('Total Value: ₹11,800.00')).toBeVisible();
  await form.getByRole('button', { name: 'Create Challan' }).click();
  await expect(page.getByText('Delivery challan created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/delivery-challans\/\d+$/);
  await expect(page.getByRole('heading', { name: /^DC\// })).toBeVisible();
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Mark Delivered' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(page.getByText('Delivery challan marked as delivered.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Challan' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Convert to Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert to Invoice' });
  await dialog.getByLabel(/Quantity kept of Ceiling Fan/).fill('2');
  await expect(dialog.getByText('3', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Convert to Invoice' }).click();
  await expect(page.getByText('Delivery challan converted into an invoice.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^SO-/ })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Challan history' })
      .getByRole('cell', { name: 'Delivered', exact: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: /\/00001$/ }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  await page.goto('/delivery-challans');
  const table = page.getByRole('table', { name: 'Delivery Challans' });
  await expect(table.getByText(buyerName)).toBeVisible();
  await expect(table.getByText('₹11,800.00')).toBeVisible();

  // Two sold, three back: 18 of the 20 remain in the warehouse.
  const after = await callApiAsUser(page, 'GET', `products/${product.body.id}`);
  const level = after.body.stock.stock_by_branches[0].stock_by_warehouses[0];
  expect(level.available_stock).toBe(18);
});
