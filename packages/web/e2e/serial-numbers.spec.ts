import { expect, test } from '@playwright/test';
import { callApiAsUser, maharashtraGstin, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('serial numbers: a printer marked tracked, three units in with serials, one sold on an invoice by picking it, shown on the invoice and traced', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Print Point ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 Tilak Road',
    firstName: 'Rohan',
    lastName: 'Deshpande',
    email: `serials.${stamp}@example.in`,
    phone: `9${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // The world: a laser printer without stock and a buyer, made through the API.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; name: string; branch: { id: number } }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Printers',
  });
  const productName = `Laser Printer ${stamp}`;
  const printer = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: productName,
    sku: `LP-${stamp}`,
    category: category.body.id,
    mrp: 15000,
    selling_price: 12500,
    hsn: '84433210',
  });
  expect(printer.status, JSON.stringify(printer.body)).toBe(201);
  const productId = printer.body.id as number;

  // Mark it tracked on the product form.
  await page.goto(`/products/${productId}/edit`);
  const productForm = page.getByRole('form', { name: `Edit ${productName}` });
  const tracking = productForm.getByRole('switch', { name: /^Track serial numbers/ });
  await tracking.dispatchEvent('click');
  await expect(tracking).toBeChecked();
  await productForm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully.')).toBeVisible();

  // Three units in by an adjustment: the count follows what is typed; a missing one is refused.
  await page.goto('/inventory-adjustments/new');
  const form = page.getByRole('form', { name: 'New Adjustment' });
  await pick(page, form, 'Warehouse', warehouse.name);
  await pick(page, form, 'Reason', 'Extra inventory found');
  await form.getByLabel('Product 1').fill('Laser Printer');
  await page.getByRole('option', { name: productName }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('3');
  const serials = form.getByRole('textbox', { name: `Serial numbers of ${productName}` });
  await serials.fill('lp-1001\nLP-1002');
  await expect(form.getByText('2 of 3 serial numbers')).toBeVisible();
  await form.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(form.getByText(`Enter 3 serial numbers for ${productName}: one for each unit.`)).toBeVisible();
  await serials.fill('lp-1001\nLP-1002\nLP-1003');
  await expect(form.getByText('3 of 3 serial numbers')).toBeVisible();
  await form.getByRole('button', { name: 'Create Adjustment' }).click();
  await expect(page.getByText('Inventory adjustment created successfully.')).toBeVisible();

  // An order of one printer, confirmed.
  const buyerName = `Shivaji Office Supplies ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '3 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const addresses = buyer.body.addresses as { id: number; address_type: string }[];
  const address = (type: string) => addresses.find((a) => a.address_type === type)?.id ?? addresses[0]?.id;
  const quotation = await callApiAsUser(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
    buyer: buyer.body.id,
    branch: warehouse.branch.id,
    billing_address: address('billing_address'),
    shipping_address: address('shipping_address'),
    items: [{ product: productId, warehouse: warehouse.id, quantity: 1 }],
  });
  expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);
  const order = await callApiAsUser(
    page,
    'POST',
    `admin/quotations/${quotation.body.id}/generate_order/`,
    {},
  );
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const orderId = order.body.id as number;
  expect((await callApiAsUser(page, 'POST', `admin/orders/${orderId}/confirm/`)).status).toBe(200);

  // Generate Invoice: the line offers the three units; pick LP-1002.
  await page.goto(`/orders/${orderId}/invoice`);
  const invoiceForm = page.getByRole('form', { name: 'Generate Invoice' });
  const picker = invoiceForm.getByLabel(`Serial numbers of ${productName}`);
  await expect(invoiceForm.getByText('0 of 1 serial numbers')).toBeVisible();
  await picker.click();
  await expect(page.getByRole('option', { name: 'LP-1001' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'LP-1003' })).toBeVisible();
  await page.getByRole('option', { name: 'LP-1002' }).click();
  await expect(invoiceForm.getByText('1 of 1 serial numbers')).toBeVisible();
  await invoiceForm.getByRole('button', { name: 'Generate Invoice' }).click();
  await expect(page.getByText('Invoice created.')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  // The invoice shows the unit sold on its line.
  const sold = page.getByRole('table', { name: 'Serial numbers sold' });
  await expect(sold.getByRole('row', { name: new RegExp(productName) })).toContainText('LP-1002');
  const invoiceId = Number(page.url().split('/').pop());
  const invoiceNumber = (await callApiAsUser(page, 'GET', `admin/invoices/${invoiceId}`)).body
    .invoice_number as string;

  // The lookup, from Inventory Adjustment: search the serial and trace it.
  await page.goto('/inventory-adjustments');
  await page.getByRole('link', { name: 'Serial Numbers' }).click();
  await expect(page).toHaveURL(/\/serial-numbers/);
  await expect(page).toHaveTitle('Serial Numbers');
  await page.getByPlaceholder('Serial number or product').fill('lp-1002');
  const table = page.getByRole('table', { name: 'Serial Numbers' });
  await expect(table.getByRole('row')).toHaveCount(2); // the header and LP-1002
  await expect(table.getByRole('row', { name: /LP-1002/ })).toContainText('Sold');
  await table.getByRole('button', { name: 'Trace LP-1002' }).click();
  const trace = page.getByRole('region', { name: 'Trace of LP-1002' });
  await expect(trace.getByText('Received')).toBeVisible();
  await expect(trace.getByText('ADJ-000001')).toBeVisible();
  await expect(trace.getByText('Sold', { exact: true }).first()).toBeVisible();
  await expect(trace.getByRole('link', { name: invoiceNumber })).toBeVisible();
  await expect(trace.getByText(new RegExp(buyerName))).toBeVisible();

  // Two more printers bought on a bill: the line takes their serials, the bill's page lists them,
  // and the trace says where each was bought.
  const sellerName = `Deccan Imaging ${stamp}`;
  const seller = await callApiAsUser(page, 'POST', `companies/${companyId}/sellers`, {
    name: sellerName,
    gst_number: maharashtraGstin(Date.now() % 9000, 'DIM'),
    billing_address: { address_line_1: '9 Karve Road', city: 'Pune', state_id: 27, pincode: '411004' },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const billNumber = `DI/${stamp.slice(-6)}`;
  await page.goto('/bills/new');
  const billForm = page.getByRole('form', { name: 'New Bill' });
  await billForm.getByRole('combobox', { name: 'Seller' }).fill('Deccan');
  await page.getByRole('option', { name: sellerName }).click();
  await billForm.getByRole('textbox', { name: 'Bill Number' }).fill(billNumber);
  await billForm.getByRole('combobox', { name: 'Product 1' }).fill('Laser Printer');
  await page.getByRole('option', { name: productName }).click();
  await billForm.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
  await billForm.getByRole('textbox', { name: 'Rate 1' }).fill('9000');
  await pick(page, billForm, 'GST Rate 1', '18%');
  const billSerials = billForm.getByRole('textbox', { name: `Serial numbers of ${productName}` });
  // LP-1001 is in stock already: the server names it on the line.
  await billSerials.fill('lp-2001\nLP-1001');
  await expect(billForm.getByText('2 of 2 serial numbers')).toBeVisible();
  await billForm.getByRole('button', { name: 'Save and Receive' }).click();
  await expect(billForm.getByText(`Serial number LP-1001 already exists for ${productName}.`)).toBeVisible();
  await billSerials.fill('lp-2001\nLP-2002');
  await billForm.getByRole('button', { name: 'Save and Receive' }).click();
  await expect(page.getByText('Bill received.')).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/\d+$/);
  await expect(page.getByLabel(`Serial numbers of ${productName}`)).toHaveText('S/N: LP-2001, LP-2002');

  await page.goto('/serial-numbers');
  await page.getByPlaceholder('Serial number or product').fill('lp-2001');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /LP-2001/ })).toContainText('In Stock');
  await expect(
    table.getByRole('row', { name: /LP-2001/ }).getByRole('link', { name: billNumber }),
  ).toBeVisible();
  await table.getByRole('button', { name: 'Trace LP-2001' }).click();
  const bought = page.getByRole('region', { name: 'Trace of LP-2001' });
  await expect(bought.getByText('Purchased')).toBeVisible();
  await expect(bought.getByRole('link', { name: billNumber })).toBeVisible();
  await expect(bought.getByText(new RegExp(`from ${sellerName}`))).toBeVisible();
});
