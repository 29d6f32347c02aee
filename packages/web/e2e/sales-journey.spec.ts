import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

interface Level {
  available_stock: number;
  df_quantity: number;
}

/** The product's stock in the warehouse, as the product page reads it. */
async function levelOf(page: Page, productId: number): Promise<Level> {
  const product = await callApiAsUser(page, 'GET', `products/${productId}`);
  const stock = product.body.stock as { stock_by_branches: { stock_by_warehouses: Level[] }[] };
  const branches = stock.stock_by_branches;
  const level = branches[0]?.stock_by_warehouses[0];
  if (!level) throw new Error(`no stock level for product ${productId}: ${JSON.stringify(product.body)}`);
  return { available_stock: level.available_stock, df_quantity: level.df_quantity };
}

test('sales journey: a quotation of two products with a coupon becomes an order, confirmed, invoiced in two parts, with the PDF, the status and the stock following', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Deccan Appliances ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '5 Laxmi Road',
    firstName: 'Meera',
    lastName: 'Deshpande',
    email: `sales.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // The world: two products with stock in the sign-up warehouse, a buyer in the same state, a coupon.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number; branch: { id: number; name: string } }[])[0];
  if (!warehouse) throw new Error('no sign-up warehouse');
  const taxes = await callApiAsUser(page, 'GET', `companies/${companyId}/taxes?limit=100`);
  const gst18 = (taxes.body.results as { id: number; type: string; rate: number }[]).find(
    (t) => t.type === 'gst' && t.rate === 18,
  );
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const makeProduct = async (name: string, sku: string, price: number, stock: number) => {
    const res = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
      name,
      sku,
      category: category.body.id,
      mrp: price + 500,
      selling_price: price,
      tax: gst18?.id,
      hsn: '84145110',
      warehouse: warehouse.id,
      opening_stock: stock,
      opening_rate: price / 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; name: string };
  };
  const fan = await makeProduct(`Ceiling Fan ${stamp}`, `CF-${stamp}`, 2360, 20);
  const cooler = await makeProduct(`Table Fan ${stamp}`, `TF-${stamp}`, 1180, 10);
  const buyerName = `Shivaji Electricals ${stamp}`;
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: buyerName,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '22 Tilak Road', city: 'Pune', state_id: 27, pincode: '411030' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const coupon = await callApiAsUser(page, 'POST', `companies/${companyId}/offers`, {
    kind: 'cart',
    title: 'Journey 10% off',
    coupon_mode: 'shared',
    coupon_code: `JRN${stamp.slice(-5).toUpperCase()}`,
    discount_type: 'percentage',
    discount_value: 10,
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
  const couponCode = coupon.body.coupon_code as string;

  // A quotation of two products, made in the order form.
  await page.goto('/quotations/new');
  const form = page.getByRole('form', { name: 'Sales Order' });
  await form.getByLabel('Buyer').fill('Shivaji');
  await page.getByRole('option', { name: new RegExp(buyerName) }).click();
  await pick(page, form, 'Branch', warehouse.branch.name);
  await form.getByLabel('Product 1').fill('Ceiling Fan');
  await page.getByRole('option', { name: new RegExp(fan.name) }).click();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('6');
  await form.getByRole('button', { name: 'Add Line' }).click();
  await form.getByLabel('Product 2').fill('Table Fan');
  await page.getByRole('option', { name: new RegExp(cooler.name) }).click();
  await form.getByRole('textbox', { name: 'Quantity 2' }).fill('4');
  // Live totals: 6 × 2,360 + 4 × 1,180 = 18,880 including 18% GST, split CGST and SGST.
  await expect(form.getByText('₹18,880.00').first()).toBeVisible();
  await form.getByRole('button', { name: 'Create Quotation' }).click();
  await expect(page).toHaveURL(/\/quotations\/\d+$/);

  // The quotation goes to the buyer (issue 18): its PDF, then by e-mail with the PDF attached.
  const quotationId = Number(page.url().split('/').pop());
  const pdfAnswer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/quotations/${quotationId}/pdf`));
  const quotationPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdfAnswer).headers()['content-type']).toBe('application/pdf');
  expect((await quotationPdf).suggestedFilename()).toMatch(/^QT-\d+\.pdf$/);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Send by E-mail' }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send by E-mail' });
  await expect(sendDialog).toBeVisible();
  const recipients = sendDialog.getByLabel(/^To/);
  await recipients.fill(`buyer.${stamp}@example.in`);
  await recipients.press('Enter');
  await sendDialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Quotation sent by e-mail.')).toBeVisible();
  await expect(sendDialog).toBeHidden();

  // The coupon: 10% off the order value, taken off before tax is worked out.
  const offers = page.getByRole('region', { name: 'Offers' });
  await offers.getByLabel('Coupon Code').fill(couponCode);
  await offers.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Coupon Applied successfully')).toBeVisible();
  await expect(offers.getByText(couponCode).first()).toBeVisible();
  // 18,880 less 10% = 16,992.
  await expect(page.getByText('₹16,992.00').first()).toBeVisible();

  // Into an order, then confirmed: the stock is reserved.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
  // The order names the offer its coupon gave, with what it took off.
  await expect(page.getByText('Journey 10% off: −₹1,888.00')).toBeVisible();
  const orderNumber = (await callApiAsUser(page, 'GET', `admin/orders/${orderId}/`)).body
    .order_number as string;
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order confirmed successfully')).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  expect(await levelOf(page, fan.id)).toEqual({ available_stock: 20, df_quantity: 6 });
  expect(await levelOf(page, cooler.id)).toEqual({ available_stock: 10, df_quantity: 4 });

  // Part of it invoiced: 3 ceiling fans, no table fans.
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/invoice$`));
  const invoiceForm = page.getByRole('form', { name: 'Generate Invoice' });
  await invoiceForm.getByLabel(`Quantity of ${fan.name}`).fill('3');
  await invoiceForm.getByLabel(`Quantity of ${cooler.name}`).fill('0');
  // Its totals before it is generated (issue 18): the taxes of 3 fans less their share of the coupon.
  const previewed = page.getByRole('region', { name: 'Invoice totals' });
  await expect(previewed.getByLabel('CGST')).toBeVisible();
  await expect(previewed.getByLabel('IGST')).toHaveCount(0);
  const totalBefore = previewed.getByLabel('Invoice Total');
  await expect(totalBefore).not.toHaveText('₹0.00');
  await expect(previewed).toHaveAttribute('aria-busy', 'false');
  const seen = {
    taxable: await previewed.getByLabel('Taxable Value').textContent(),
    cgst: await previewed.getByLabel('CGST').textContent(),
    total: await totalBefore.textContent(),
  };
  await invoiceForm.getByRole('button', { name: 'Generate Invoice' }).click();
  await expect(page.getByText('Invoice created.')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: /\/\d{4}\/00001/ })).toBeVisible();
  const firstInvoice = await callApiAsUser(page, 'GET', `admin/invoices/${page.url().split('/').pop()}`);
  const rupees = (value: number) => `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  expect(seen).toEqual({
    taxable: rupees(firstInvoice.body.totals.taxable_value),
    cgst: rupees(firstInvoice.body.totals.cgst),
    total: rupees(firstInvoice.body.invoice_total),
  });
  // The goods left: on hand and reserved both down by 3.
  expect(await levelOf(page, fan.id)).toEqual({ available_stock: 17, df_quantity: 3 });

  // The tax invoice PDF.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/00001\.pdf$/);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The order is processing; the rest is invoiced, and it stays processing until shipments deliver it.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText('Processing', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Generate Invoice' }).click();
  const restForm = page.getByRole('form', { name: 'Generate Invoice' });
  await expect(restForm.getByLabel(`Quantity of ${fan.name}`)).toHaveValue('3');
  await expect(restForm.getByLabel(`Quantity of ${cooler.name}`)).toHaveValue('4');
  await restForm.getByRole('button', { name: 'Generate Invoice' }).click();
  await expect(page.getByText('Invoice created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /\/\d{4}\/00002/ })).toBeVisible();
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText('Processing', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByRole('link', { name: /\/00001$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /\/00002$/ })).toBeVisible();
  expect(await levelOf(page, fan.id)).toEqual({ available_stock: 14, df_quantity: 0 });
  expect(await levelOf(page, cooler.id)).toEqual({ available_stock: 6, df_quantity: 0 });

  // The use of the coupon: on the offer's Redemptions tab and in the coupon report.
  await page.goto(`/offers/cart-offers/${coupon.body.id}`);
  await page.getByRole('tab', { name: 'Redemptions' }).click();
  const redemption = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(redemption).toBeVisible();
  await expect(redemption.getByText(couponCode)).toBeVisible();
  await expect(redemption.getByText('Redeemed')).toBeVisible();
  await page.goto('/reports/coupon-reports');
  const reported = page.getByRole('row').filter({ hasText: couponCode });
  await expect(reported).toBeVisible();
  await expect(reported.getByText('₹1,888.00')).toBeVisible();
  await expect(reported.getByText('Cart Offer')).toBeVisible();
  // The offer's name opens the offer, on its own kind's screen.
  await reported.getByRole('link', { name: 'Journey 10% off' }).click();
  await expect(page).toHaveURL(new RegExp(`/offers/cart-offers/${coupon.body.id}$`));
});
