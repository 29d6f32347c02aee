// A product offer that applies by itself (issue 20): a quotation of the product shows it on its
// line and in its Offers card with the stacking rule, the order placed from it keeps it, and the
// offer's Redemptions tab lists the order.
import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('offers: a product offer applies by itself on a quotation and its order, and the offer lists the order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Konkan Cool ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '9 Karve Road',
    firstName: 'Anil',
    lastName: 'Joshi',
    email: `offers.applied.${stamp}@example.in`,
    phone: `8${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0];
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Coolers',
  });
  const cooler = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Air Cooler ${stamp}`,
    sku: `AC-${stamp}`,
    category: category.body.id,
    mrp: 9000,
    selling_price: 8000,
    warehouse: warehouse.id,
    opening_stock: 10,
    opening_rate: 5000,
  });
  expect(cooler.status, JSON.stringify(cooler.body)).toBe(201);
  const buyer = await callApiAsUser(page, 'POST', `companies/${companyId}/buyers`, {
    name: `Ratnagiri Traders ${stamp}`,
    buyer_type: 'unregistered',
    billing_address: { address_line_1: '3 Market Yard', city: 'Pune', state_id: 27, pincode: '411037' },
    addSameAsBilling: true,
  });
  expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
  const offerTitle = `Summer ₹500 off ${stamp}`;
  const offer = await callApiAsUser(page, 'POST', `companies/${companyId}/offers`, {
    kind: 'product',
    title: offerTitle,
    discount_type: 'flat',
    discount_value: 500,
    products: [cooler.body.id],
  });
  expect(offer.status, JSON.stringify(offer.body)).toBe(201);
  const addresses = (buyer.body.addresses as { id: number; address_type: string }[]) ?? [];
  const billing = addresses.find((a) => a.address_type === 'billing_address');
  const shipping = addresses.find((a) => a.address_type === 'shipping_address');
  const quotation = await callApiAsUser(page, 'POST', `admin/companies/${companyId}/generate_quotation`, {
    buyer: buyer.body.id,
    branch: (warehouses.body.results as { branch: { id: number } }[])[0].branch.id,
    billing_address: billing?.id,
    shipping_address: shipping?.id,
    items: [{ product: cooler.body.id, warehouse: warehouse.id, quantity: 2 }],
  });
  expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);

  // The quotation: ₹500 off each of the two coolers, named in its Offers card with the rule.
  await page.goto(`/quotations/${quotation.body.id}`);
  const offers = page.getByRole('region', { name: 'Offers' });
  const applied = offers.getByLabel('Offers applied');
  await expect(applied.getByText(offerTitle)).toBeVisible();
  await expect(applied.getByText('− ₹1,000.00')).toBeVisible();
  await expect(
    offers.getByText(/One cart offer per order; each line gets at most one product offer/),
  ).toBeVisible();
  // 2 x 8,000 less 1,000.
  await expect(page.getByText('₹15,000.00').first()).toBeVisible();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByText(`${offerTitle}: −₹1,000.00`)).toBeVisible();
  const orderId = Number(page.url().split('/').pop());
  const order = await callApiAsUser(page, 'GET', `admin/orders/${orderId}/`);
  expect(order.body.order_total).toBe(15000);

  await page.goto(`/offers/product-offers/${offer.body.id}`);
  await page.getByRole('tab', { name: 'Redemptions' }).click();
  const row = page.getByRole('row').filter({ hasText: order.body.order_number as string });
  await expect(row).toBeVisible();
  await expect(row.getByText('₹1,000.00').first()).toBeVisible();
});
