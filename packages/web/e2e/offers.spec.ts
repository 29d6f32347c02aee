// Offers (issue 20): a cart offer with five unique generated codes (prefix DW), its codes seen and
// exported as CSV; a product offer on a brand that applies by itself; both lists show them Active.
// The lead adds: a code applied on a quotation, the order placed, the redemption seen on the offer
// and in the coupon report (openOffer below opens an offer's page from its list).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** WCAG 2 A and AA problems axe rates serious or critical, one line each. */
async function seriousProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${new URL(page.url()).pathname} ${violation.id}: ${node.failureSummary ?? ''} (${node.html.slice(0, 120)})`,
      ),
    );
}

/** Chooses `option` in the Mantine select or multi-select labelled exactly `label`. */
async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('combobox', { name: label, exact: true })
    .or(page.getByRole('textbox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

/** Sees the toast, then closes it: it sits over the page's top-right buttons. */
async function toast(page: Page, text: string) {
  const shown = page.getByRole('alert').filter({ hasText: text });
  await expect(shown).toBeVisible();
  // It may close by itself meanwhile.
  await shown
    .getByRole('button', { name: 'Close notification' })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await expect(shown).toBeHidden();
}

const LIST_OF = { product: '/offers/product-offers', cart: '/offers/cart-offers' } as const;

/**
 * Opens the page of the offer titled `title` from its kind's list (searched by title), and
 * answers its id. For the journeys that follow an offer: its Coupon Codes and Redemptions tabs.
 */
export async function openOffer(page: Page, kind: 'product' | 'cart', title: string): Promise<number> {
  await page.goto(LIST_OF[kind]);
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(title);
  // The search reaches the address after its debounce; the click waits for it.
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST_OF[kind]}/\\d+$`));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('offers: a cart offer with unique codes exported as CSV, a product offer on a brand, both Active', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, {
    company: `Offers Co ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    email: `offers.${stamp}@example.in`,
    phone: `9${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const brandName = `Breeze ${stamp}`;
  const brand = await callApiAsUser(page, 'POST', `companies/${companyId}/brands`, { name: brandName });
  expect(brand.status, JSON.stringify(brand.body)).toBe(201);
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, { name: 'Fans' });
  const fan = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: `Ceiling Fan ${stamp}`,
    sku: `CF-${stamp}`,
    category: category.body.id,
    brand: brand.body.id,
    mrp: 3000,
    selling_price: 2500,
  });
  expect(fan.status, JSON.stringify(fan.body)).toBe(201);
  const problems: string[] = [];

  // The empty list says what a cart offer is and offers to make one.
  await page.goto('/offers/cart-offers');
  await expect(page.getByRole('heading', { level: 2, name: 'Cart Offers' })).toBeVisible();
  await expect(
    page.getByText(/A cart offer takes a percentage or a flat amount off the whole order/),
  ).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'New Cart Offer' }).click();
  await expect(page).toHaveURL(/\/offers\/cart-offers\/new$/);

  // 10% off the order, at most ₹150, with five unique codes DW…
  const cartTitle = `Diwali 10% ${stamp}`;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(cartTitle);
  await page.getByRole('textbox', { name: 'Discount (%)', exact: true }).fill('10');
  await page.getByRole('textbox', { name: 'Max Discount (₹)', exact: true }).fill('150');
  await choose(page, 'Coupon Mode', 'Unique codes');
  await page.getByRole('textbox', { name: 'Number of Codes', exact: true }).fill('5');
  await page.getByRole('textbox', { name: 'Prefix', exact: true }).fill('dw');
  await page.getByRole('textbox', { name: 'Code Length', exact: true }).fill('6');

  // The live preview: a ₹1,000 sample order gets ₹100 off; ₹2,000 gets the ₹150 cap.
  const preview = page.getByRole('region', { name: 'What a sample order would get' });
  await expect(preview.getByText('₹100.00').first()).toBeVisible();
  await preview.getByRole('textbox', { name: 'Sample order value (₹)' }).fill('2000');
  await expect(preview.getByText('₹150.00').first()).toBeVisible();
  await expect(preview.getByText(/One cart offer per order/)).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  await page.getByRole('button', { name: 'Create Cart Offer' }).click();
  await toast(page, 'Offer created successfully.');
  await expect(page).toHaveURL(/\/offers\/cart-offers\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: cartTitle })).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();

  // The five codes, each DW and six letters of the alphabet without look-alikes; then the CSV.
  await page.getByRole('tab', { name: 'Coupon Codes' }).click();
  const codes = page.getByRole('table', { name: 'Coupon Codes' });
  await expect(codes.getByText(/^DW[ACDEFGHJKMNPQRTUVWXY34679]{6}$/)).toHaveCount(5);
  problems.push(...(await seriousProblems(page)));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^coupon-codes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);

  // Two more codes from the dialog; the offer switched off and on again.
  await page.getByRole('button', { name: 'Generate More Codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate More Codes' });
  await dialog.getByRole('textbox', { name: 'Number of Codes' }).fill('2');
  problems.push(...(await seriousProblems(page)));
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await toast(page, 'Coupon codes generated successfully.');
  await expect(codes.getByText(/^DW[ACDEFGHJKMNPQRTUVWXY34679]{6}$/)).toHaveCount(7);
  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await toast(page, 'Offer deactivated successfully.');
  await expect(page.getByText('Inactive', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await toast(page, 'Offer activated successfully.');

  // A product offer on the brand, applying by itself: ₹50 off each fan.
  await page.goto('/offers/product-offers');
  await expect(page.getByText(/A product offer takes a price off every order line/)).toBeVisible();
  await page.getByRole('button', { name: 'New Product Offer' }).click();
  const productTitle = `Breeze fans ₹50 off ${stamp}`;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(productTitle);
  await choose(page, 'Discount Type', 'Flat amount (₹)');
  await page.getByRole('textbox', { name: 'Discount per unit (₹)', exact: true }).fill('50');
  await choose(page, 'Brands', brandName);
  await page.keyboard.press('Escape');
  // The preview with two fans of the brand: ₹100 off.
  await choose(page, 'Add a product to the sample order', `Ceiling Fan ${stamp} (CF-${stamp})`);
  await page.getByRole('textbox', { name: `Quantity of Ceiling Fan ${stamp}` }).fill('2');
  await expect(preview.getByText('₹100.00').first()).toBeVisible();
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'Create Product Offer' }).click();
  await toast(page, 'Offer created successfully.');
  await expect(page.getByRole('heading', { level: 2, name: productTitle })).toBeVisible();
  await expect(page.getByText(brandName).first()).toBeVisible();

  // Edited: ₹60 a unit.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/offers\/product-offers\/\d+\/edit$/);
  await page.getByRole('textbox', { name: 'Discount per unit (₹)', exact: true }).fill('60');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Offer updated successfully.');
  await expect(page).toHaveURL(/\/offers\/product-offers\/\d+$/);
  await expect(page.getByText('₹60.00 per unit')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'Offer history' });
  await expect(history.getByText('Updated', { exact: true })).toBeVisible();
  await expect(history.getByText('Created', { exact: true })).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // Both lists show their offer Active.
  for (const [kind, title] of [
    ['cart', cartTitle],
    ['product', productTitle],
  ] as const) {
    await page.goto(LIST_OF[kind]);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('row').filter({ hasText: productTitle }).getByText('Applies by itself'),
  ).toBeVisible();

  // The offer's page from its list (the helper the redemption journey uses).
  const cartId = await openOffer(page, 'cart', cartTitle);
  expect(cartId).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Redemptions' }).click();
  await expect(page.getByText('No order has used this offer yet.')).toBeVisible();
  problems.push(...(await seriousProblems(page)));

  // The coupon report (the report engine's page, from the Reports panel), empty until an order uses a code.
  await page.getByRole('button', { name: 'Reports' }).click();
  await page
    .getByRole('navigation', { name: 'Business Reports' })
    .getByRole('link', { name: 'Coupon Reports', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Coupon Reports' })).toBeVisible();
  await expect(page.getByText('No offer or coupon was used in the period with these filters.')).toBeVisible();
  await expect(page.getByLabel('Kind').first()).toHaveValue('All offers');
  problems.push(...(await seriousProblems(page)));

  // At phone width the list still leads with its offers and the New button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/offers/cart-offers');
  await expect(page.getByRole('button', { name: 'New Cart Offer' })).toBeVisible();
  await expect(page.getByRole('link', { name: cartTitle })).toBeVisible();

  expect(problems).toEqual([]);
});
