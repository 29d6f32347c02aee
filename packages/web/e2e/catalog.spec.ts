import { expect, test } from '@playwright/test';
import { signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

test('catalog: a category and a sub-category chosen in the tree, a brand, and a deactivated category', async ({
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
    password: 'Secret@123',
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
  await expect(page.getByText('Add a Product and boost your business')).toBeVisible();
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
});
