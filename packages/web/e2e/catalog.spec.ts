import { expect, test } from '@playwright/test';
import { callApiAsUser, pick, signUpAndVerify, solidPng } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('catalog: a category and a sub-category, a brand, a product with an image and opening stock found by search, and a deactivated category that takes no product', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Catalog Traders ${stamp}`,
    branch: 'Nashik',
    city: 'Nashik',
    pincode: '422001',
    addressLine1: '3 College Road',
    firstName: 'Rohan',
    lastName: 'Deshmukh',
    email: `catalog.${stamp}@example.in`,
    phone: `6${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // A new company has only its Root Category: the empty-state card adds the first one.
  await page.goto('/categories');
  await expect(page).toHaveTitle('Categories');
  await expect(page.getByText('Add a Category and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Category' });
  await addDialog.getByLabel('Name').fill('El');
  await addDialog.getByLabel('Description').click();
  await expect(addDialog.getByText('Category name should be greater than 2 characters.')).toBeVisible();
  await addDialog.getByLabel('Name').fill('Electronics');
  await addDialog.getByLabel('Description').fill('Phones, computers and home entertainment.');
  await addDialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category created successfully.')).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Categories' });
  await expect(tree.getByRole('treeitem', { name: 'Electronics', exact: true })).toBeVisible();

  // A sub-category: its parent chosen in the category tree select.
  await page.getByRole('button', { name: 'Add Category' }).click();
  const subDialog = page.getByRole('dialog', { name: /^Add (Category|Sub-category)$/ });
  await subDialog.getByLabel('Name').fill('Mobiles');
  await subDialog.getByText('Sub-category', { exact: true }).click();
  await expect(subDialog).toHaveAccessibleName('Add Sub-category');
  await subDialog.getByLabel('Parent Category').click();
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: 'Root Category' })).toBeVisible();
  await options.getByRole('option', { name: 'Electronics' }).click();
  await expect(subDialog.getByLabel('Parent Category')).toHaveValue('Electronics');
  await subDialog.getByRole('button', { name: 'Add Sub-category' }).click();
  await expect(page.getByText('Category created successfully.').first()).toBeVisible();
  const mobiles = tree.getByRole('treeitem', { name: 'Mobiles', exact: true });
  await expect(mobiles).toHaveAttribute('aria-level', '3');
  await expect(mobiles).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('region', { name: 'Category Mobiles' }).getByText('Root Category › Electronics'),
  ).toBeVisible();

  // A brand, then ignored for Business Intelligence.
  await page.goto('/brands');
  await expect(page).toHaveTitle('Brands');
  await expect(page.getByText('Add a Brand and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const brandDialog = page.getByRole('dialog', { name: 'Create Brand' });
  await brandDialog.getByLabel('Brand Name').fill('Havells');
  await brandDialog.getByRole('button', { name: 'Create Brand' }).click();
  await expect(page.getByText('Brand created Successfully.')).toBeVisible();
  const brands = page.getByRole('table', { name: 'Brands' });
  await expect(brands.getByText('Havells', { exact: true })).toBeVisible();
  await brands
    .getByRole('switch', { name: 'Ignore Havells for Business Intelligence' })
    .dispatchEvent('click');
  await expect(page.getByText('This Brand will be ignored for BI')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Ignore Havells for Business Intelligence' })).toBeChecked();

  // A product in the sub-category, with a brand, an image and opening stock.
  const productName = 'Havells Fast Charger 25W';
  const sku = `HFC-25W-${stamp}`;
  await page.goto('/products');
  await expect(page).toHaveTitle('Products');
  await expect(page.getByText('Add a Product and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/new$/);
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByRole('textbox', { name: 'Product Name', exact: true }).fill(productName);
  await form.getByRole('textbox', { name: 'SKU', exact: true }).fill('HFC 25W');
  await expect(form.getByText('SKU can only contain (a-zA-Z0-9) and hyphen(-),underscore(_)')).toBeVisible();
  await form.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('listbox').getByTitle('Expand Electronics').click();
  await page.getByRole('listbox').getByRole('option', { name: 'Mobiles' }).click();
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('Electronics › Mobiles');
  await pick(page, form, 'Brand', 'Havells');
  await form.getByRole('textbox', { name: 'MRP', exact: true }).fill('1499');
  await form.getByRole('textbox', { name: 'Selling Price', exact: true }).fill('1599');
  await expect(form.getByText('Selling price cannot be more than MRP.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Selling Price', exact: true }).fill('1199');
  await expect(form.getByText('Selling price cannot be more than MRP.')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Opening Stock', exact: true }).fill('25');
  // The description is rich text: a heading and a bold line written with the editor's toolbar.
  const description = form.getByRole('textbox', { name: 'Description', exact: true });
  await description.click();
  await form.getByRole('button', { name: 'Heading 2' }).click();
  await description.pressSequentially('Fast charging');
  await description.press('Enter');
  await form.getByRole('button', { name: 'Bold' }).click();
  await description.pressSequentially('Half charged in 30 minutes.');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(form.getByText('Choose the warehouse that receives the opening stock.')).toBeVisible();
  await pick(page, form, 'Warehouse', 'Nashik Warehouse');
  await form.getByRole('textbox', { name: 'Opening Rate', exact: true }).fill('800');
  await form.locator('#product-images input[type="file"]').setInputFiles({
    name: 'charger.png',
    mimeType: 'image/png',
    buffer: solidPng(64, [79, 70, 229]),
  });
  await expect(form.getByRole('img', { name: 'New image 1: charger.png' })).toBeVisible();
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully.')).toBeVisible();
  await expect(page.getByText('Image uploaded successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { name: productName, level: 2 })).toBeVisible();
  await expect(page.getByRole('img', { name: `${productName} main image` })).toHaveAttribute(
    'src',
    /^\/api\/files\//,
  );
  const content = page.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('heading', { name: 'Fast charging', level: 2 })).toBeVisible();
  await expect(content.locator('strong')).toHaveText('Half charged in 30 minutes.');
  const stock = page.getByRole('table', { name: 'Stock by warehouse' });
  await expect(stock.getByRole('row', { name: /Nashik Warehouse/ })).toHaveText(/Nashik Warehouse\s*25$/);
  const productUrl = page.url();

  // Found on /products by its SKU and by part of its name; a search that finds nothing says so.
  await page.goto('/products');
  const products = page.getByRole('table', { name: 'Products' });
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('no such product');
  await expect(page.getByText('No product matches the search or the filters.')).toBeVisible();
  await search.fill(sku);
  await expect(products.getByRole('row')).toHaveCount(2);
  const row = products.getByRole('row', { name: new RegExp(productName) });
  await expect(row).toContainText(`SKU ${sku}`);
  await expect(row).toContainText('₹1,499.00');
  await expect(row).toContainText('₹1,199.00');
  await expect(row.getByRole('img', { name: `${productName} image` })).toBeVisible();
  await search.fill('fast charger');
  await expect(products.getByRole('row', { name: new RegExp(productName) })).toBeVisible();
  // The search is kept in the address: a reload finds the same list.
  await expect(page).toHaveURL(/[?&]q=fast(\+|%20)charger/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('fast charger');
  await products
    .getByRole('row', { name: new RegExp(productName) })
    .getByText('₹1,199.00')
    .click();
  await expect(page).toHaveURL(productUrl);

  // Deactivate the parent category: the tree marks it inactive, also after a reload.
  await page.goto('/categories');
  const electronics = page.getByRole('treeitem', { name: 'Electronics', exact: true });
  await page.getByRole('tree', { name: 'Categories' }).getByText('Electronics', { exact: true }).click();
  await expect(electronics).toHaveAttribute('aria-selected', 'true');
  const details = page.getByRole('region', { name: 'Category Electronics' });
  await details.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Category' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Category deactivated successfully.')).toBeVisible();
  await expect(electronics).toHaveAccessibleDescription(/Inactive/);
  await expect(details.getByRole('button', { name: 'Activate' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('treeitem', { name: 'Electronics', exact: true })).toHaveAccessibleDescription(
    /Inactive/,
  );
  // Its sub-category stays active.
  await page.getByTitle('Expand Electronics').click();
  await expect(page.getByRole('treeitem', { name: 'Mobiles', exact: true })).not.toHaveAttribute(
    'aria-describedby',
    /.+/,
  );

  // A new product cannot be put in the inactive category: the tree select offers it disabled...
  await page.goto('/products/new');
  const newForm = page.getByRole('form', { name: 'New product' });
  await newForm.getByRole('combobox', { name: 'Category' }).click();
  const inactive = page.getByRole('listbox').getByRole('option', { name: /^Electronics/ });
  await expect(inactive).toHaveAttribute('data-combobox-disabled', 'true');
  await inactive.click({ force: true });
  await expect(newForm.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  // ...and the server refuses it when the screen is bypassed.
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const list = await callApiAsUser(page, 'GET', `companies/${companyId}/categories?limit=-1`);
  const electronicsId = (list.body.results as { id: number; name: string }[]).find(
    (category) => category.name === 'Electronics',
  )?.id;
  const forced = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
    name: 'Havells Smartphone',
    category: electronicsId,
    mrp: 10000,
    selling_price: 8000,
  });
  expect(forced.status).toBe(400);
  expect(forced.body.errors).toEqual({
    category: ['This category is inactive; products cannot be added to it.'],
  });
});
