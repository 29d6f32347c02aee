import { expect, test } from '@playwright/test';
import { callApiAsUser, signUpAndVerify } from './journeys.ts';

const stamp = Date.now().toString(36);

const indianDay = (offset: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

test('product ads: import a CSV of ad figures, see spend, revenue and what to do, open organic and non-organic', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndVerify(page, {
    company: `Rangoli Textiles ${stamp}`,
    branch: 'Surat',
    city: 'Surat',
    pincode: '395003',
    addressLine1: '21 Ring Road',
    firstName: 'Meera',
    lastName: 'Desai',
    email: `products-ads.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const enabled = await callApiAsUser(page, 'PATCH', `companies/${companyId}`, {
    is_marketing_enabled: true,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: `Sarees ${stamp}`,
  });
  const skus = { silk: `SILK-${stamp}`, cotton: `COTTON-${stamp}` };
  for (const [name, sku, price] of [
    [`Banarasi Silk Saree ${stamp}`, skus.silk, 4200],
    [`Cotton Kurta ${stamp}`, skus.cotton, 650],
  ] as const) {
    const made = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
      name,
      sku,
      category: category.body.id,
      mrp: price + 300,
      selling_price: price,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }

  // No ad platform is configured on this server: the CSV import is what is offered.
  await page.goto('/ads-account-verifications');
  await expect(page).toHaveTitle('Connect Ads Account');
  await expect(page.getByText('Google Ads is not configured on this server')).toBeVisible();
  await expect(page.getByText('Meta is not configured on this server')).toBeVisible();

  const csv = [
    'date,platform,campaign,sku,spend,impressions,clicks,conversions,conversion_value,competitor_price',
    `${indianDay(-2)},google_ads,Wedding Season,${skus.silk},1500,9000,220,3,12600,3900`,
    `${indianDay(-1)},google_ads,Wedding Season,${skus.silk},1200,8000,190,2,8400,`,
    `${indianDay(-1)},meta,Festive Catalogue,${skus.cotton},900,15000,160,0,,`,
    `${indianDay(-1)},meta,Festive Catalogue,NO-SUCH-SKU,100,10,1,0,,`,
  ].join('\n');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ad-figures.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check File' }).click();
  const errors = page.getByRole('table', { name: 'Import errors' });
  await expect(errors.getByRole('row').nth(1)).toContainText('No product with this SKU.');
  await expect(page.getByText(/4 rows: 3 ready to import .*1 error\./)).toBeVisible();
  await page.getByLabel('Import the valid rows (leave the rows with errors out)').check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Partial Success')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'See Spend and Revenue' }).click();

  // Spend and Revenue: ₹3,600 spent brought ₹21,000 (the platforms' values); ROAS 5.83.
  await expect(page.getByRole('heading', { name: 'Spend and Revenue', exact: true })).toBeVisible();
  await expect(page.getByText('₹3,600.00').first()).toBeVisible();
  await expect(page.getByText('₹21,000.00').first()).toBeVisible();
  await expect(page.getByText('5.83', { exact: true })).toBeVisible();
  const products = page.getByRole('table', { name: 'Products by ad spend' });
  const silk = products.getByRole('row', { name: new RegExp(`Banarasi Silk Saree ${stamp}`) });
  await expect(silk).toContainText('Push');
  const cotton = products.getByRole('row', { name: new RegExp(`Cotton Kurta ${stamp}`) });
  await expect(cotton).toContainText('Stop');
  await expect(cotton).toContainText('160 clicks and no order');
  await expect(page.getByRole('figure', { name: 'Spend and revenue per day chart' })).toBeVisible();

  // Organic and non-organic: nothing was invoiced yet, so the ads' claims are capped at nothing sold.
  await page.getByRole('link', { name: 'Organic and Non-organic' }).click();
  await expect(page.getByRole('heading', { name: 'Organic and Non-organic', exact: true })).toBeVisible();
  const organic = page.getByRole('table', { name: 'Organic and non-organic sales by product' });
  await expect(organic.getByRole('row', { name: new RegExp(`Banarasi Silk Saree ${stamp}`) })).toContainText(
    'Advertised, not sold',
  );

  // Competitiveness: the silk saree at ₹4,200 against ₹3,900 is flagged (7.69% above).
  await page.getByRole('link', { name: 'Competitiveness' }).click();
  await expect(page.getByText('1 product is priced more than 5% above')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Banarasi Silk Saree ${stamp}`) })).toContainText(
    'Above competitors',
  );
});
