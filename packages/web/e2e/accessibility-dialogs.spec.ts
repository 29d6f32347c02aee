import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { login, type Owner, signUpAndVerify } from './journeys.ts';

/**
 * Issue 18: axe over the main dialogs while they are open (the screens' own run sees them closed),
 * and the lists at phone width (390 px): Download CSV, the Filters button and the bulk bar in reach,
 * nothing wider than the screen.
 */

const stamp = Date.now().toString(36);
const owner: Owner = {
  company: `Dialog Traders ${stamp}`,
  branch: 'Satara',
  city: 'Satara',
  pincode: '415001',
  addressLine1: '9 Powai Naka',
  firstName: 'Asha',
  lastName: 'Kulkarni',
  email: `dialogs-${stamp}@example.in`,
  phone: `8${String(Date.now()).slice(-9)}`,
  password: 'Quiet-Harbour@42',
};
const buyerName = `Krishna Stores ${stamp}`;
const brandName = `Sahyadri Steel ${stamp}`;

test.describe.configure({ mode: 'serial' });

/** The open dialog of that name, settled (Mantine fades it in), checked by axe and for focus. */
async function checkDialog(page: Page, name: string, problems: string[]): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // The modal's fade-in must be over, or axe measures the contrast of half-transparent text; so
  // must a toast's fade-out (the previous step's 'created' toast closing as the dialog opens).
  await expect(dialog).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(300);
  // Focus moves into the dialog (and is trapped there), so the keyboard starts in it.
  if (!(await dialog.evaluate((element) => element.contains(document.activeElement)))) {
    problems.push(`dialog '${name}': focus stayed outside the dialog`);
  }
  problems.push(...(await seriousProblems(page, `dialog '${name}':`)));
  return dialog;
}

test('accessibility: axe finds no serious or critical problem with the main dialogs open (issue 18)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  await signUpAndVerify(page, owner);

  // New Order: '+ New Buyer' and '+ New Product' from the pickers.
  await page.goto('/orders/new');
  const form = page.getByRole('form', { name: 'Sales Order' });
  await expect(form.getByRole('combobox', { name: 'Branch' })).toHaveValue(owner.branch);
  await form.getByRole('combobox', { name: 'Buyer' }).click();
  await page.getByRole('option', { name: '+ New Buyer' }).click();
  const buyerDialog = await checkDialog(page, 'Create Buyer', problems);
  await buyerDialog.getByLabel('Buyer Name').fill(buyerName);
  await buyerDialog.getByLabel('Email').fill(`krishna-${stamp}@example.in`);
  await buyerDialog.getByLabel('GST Number').fill('27AAPFU0939F1ZV');
  await buyerDialog.getByLabel('Billing Address Line 1').fill('12 Rajwada Chowk');
  await buyerDialog.getByRole('combobox', { name: 'Billing State' }).click();
  await page.getByRole('option', { name: 'Maharashtra', exact: true }).click();
  await buyerDialog.getByLabel('Billing City').fill('Satara');
  await buyerDialog.getByLabel('Billing Pincode').fill('415002');
  // A refused submit shows its messages: axe reads the dialog with them too.
  await buyerDialog.getByLabel('Buyer Name').fill('');
  await buyerDialog.getByRole('button', { name: 'Create Buyer' }).click();
  await expect(buyerDialog.getByText(/required/i).first()).toBeVisible();
  problems.push(...(await seriousProblems(page, "dialog 'Create Buyer' with errors:")));
  await buyerDialog.getByLabel('Buyer Name').fill(buyerName);
  await buyerDialog.getByRole('button', { name: 'Create Buyer' }).click();
  await expect(buyerDialog).toBeHidden();

  const productName = `Copper Kalash ${stamp}`;
  await form.getByRole('combobox', { name: 'Product 1' }).click();
  await page.keyboard.type(productName);
  await page.getByRole('option', { name: '+ New Product' }).click();
  const productDialog = await checkDialog(page, 'New Product', problems);
  await productDialog.getByLabel('HSN/SAC Code').fill('7418');
  await productDialog.getByLabel('Selling Price (incl. GST)').fill('1180');
  await productDialog.getByLabel('Opening Stock').fill('20');
  await productDialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(productDialog).toBeHidden();
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
  await form.getByRole('button', { name: 'Place Instant Order' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  // Record Payment on the invoice, with its allocation over the invoice due.
  await page.getByRole('button', { name: 'Record Payment' }).first().click();
  const paymentDialog = await checkDialog(page, 'Record Payment', problems);
  await page.keyboard.press('Escape');
  await expect(paymentDialog).toBeHidden();

  // The product form's '+ New Category', '+ New Brand' and '+ New Unit'.
  await page.goto('/products/new');
  await page.getByRole('button', { name: 'New Category' }).click();
  const categoryDialog = await checkDialog(page, 'Add Category', problems);
  await page.keyboard.press('Escape');
  await expect(categoryDialog).toBeHidden();

  await page.getByRole('button', { name: 'New Brand' }).click();
  const brandDialog = await checkDialog(page, 'Create Brand', problems);
  await brandDialog.getByLabel('Brand Name').fill(brandName);
  await brandDialog.getByRole('button', { name: 'Create Brand' }).click();
  await expect(brandDialog).toBeHidden();

  await page.getByRole('button', { name: 'New Unit' }).click();
  const unitDialog = await checkDialog(page, 'Create Unit', problems);
  await unitDialog.getByRole('button', { name: 'Create Unit' }).click();
  await expect(unitDialog.getByText('Unit name is required.')).toBeVisible();
  problems.push(...(await seriousProblems(page, "dialog 'Create Unit' with errors:")));
  await unitDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(unitDialog).toBeHidden();

  // A confirm dialog: deleting the brand.
  await page.goto('/brands');
  await page.getByRole('button', { name: `Actions for ${brandName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = await checkDialog(page, 'Delete Brand', problems);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  expect(problems, problems.join('\n')).toEqual([]);
});

/** Nothing on the page is wider than the screen: the table scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(
    widths.scroll,
    `${where}: the page is ${widths.scroll}px wide on a ${widths.inner}px screen`,
  ).toBeLessThanOrEqual(widths.inner);
}

test('phone width: the lists keep Download CSV, Filters and the bulk bar in reach without sideways scrolling (issue 18)', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, owner.email, owner.password);
  await expect(page.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible();

  for (const path of ['/buyers', '/products']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const csv = main.getByRole('button', { name: 'Download CSV' });
    await expect(csv, `${path}: Download CSV`).toBeInViewport();
    await expectNoSidewaysScroll(page, path);
    await page.screenshot({
      path: testInfo.outputPath(`phone${path.replace('/', '-')}.png`),
      fullPage: true,
    });

    // The filters fold behind one button, which opens them without widening the page.
    const filters = main.getByRole('button', { name: 'Filters' });
    await expect(filters).toBeInViewport();
    await filters.click();
    await expect(main.getByRole('textbox', { name: 'Search' })).toBeVisible();
    await expectNoSidewaysScroll(page, `${path} with its filters open`);

    // A selected row brings the bulk bar, in reach too.
    await main.getByRole('checkbox', { name: 'Select row' }).first().check();
    const clear = main.getByRole('button', { name: 'Clear selection' });
    await expect(clear).toBeInViewport();
    await expectNoSidewaysScroll(page, `${path} with a row selected`);
    await page.screenshot({
      path: testInfo.outputPath(`phone${path.replace('/', '-')}-selected.png`),
      fullPage: true,
    });
    await clear.click();
  }

  // The products table scrolls within its box; a header further right still sorts the list.
  const products = page.getByRole('table', { name: 'Products' });
  await page.goto('/products');
  // The table is drawn again when its rows arrive: wait for them before reaching for a header.
  await expect(products.getByRole('checkbox', { name: 'Select row' }).first()).toBeVisible();
  await expect(products).not.toHaveAttribute('aria-busy', 'true');
  const priceHeader = products.getByRole('button', { name: 'Selling Price' });
  await priceHeader.scrollIntoViewIfNeeded();
  await expect(priceHeader).toBeInViewport();
  await priceHeader.click();
  await expect(page).toHaveURL(/ordering=selling_price/);
  await expect(products.getByRole('columnheader', { name: /Selling Price/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expectNoSidewaysScroll(page, '/products sorted by a header');

  // Invoices: the list and its filters fit the screen as well.
  await page.goto('/invoices');
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: 'Invoices' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/invoices');
  await main.getByRole('button', { name: 'Filters' }).click();
  await expect(main.getByRole('textbox', { name: 'Search' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/invoices with its filters open');
  await page.screenshot({ path: testInfo.outputPath('phone-invoices.png'), fullPage: true });
});
