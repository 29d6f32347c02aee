import { expect, type Page, test } from '@playwright/test';
import { callApiAsUser, dismissToasts, pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

interface ProductSeed {
  name: string;
  sku: string;
  mrp: number;
  selling_price: number;
  opening_stock?: number;
}

/**
 * The products these screens work on, made through the API (the product form has its own
 * journey): a category to hold them, and opening stock in the company's warehouse where given.
 */
async function seedProducts(page: Page, products: ProductSeed[]) {
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const category = await callApiAsUser(page, 'POST', `companies/${companyId}/categories`, {
    name: 'Kitchenware',
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const warehouses = await callApiAsUser(page, 'GET', `companies/${companyId}/warehouses?limit=-1`);
  const warehouse = (warehouses.body.results as { id: number }[])[0].id;
  for (const product of products) {
    const created = await callApiAsUser(page, 'POST', `companies/${companyId}/products`, {
      ...product,
      category: category.body.id,
      ...(product.opening_stock ? { warehouse, opening_rate: product.selling_price / 2 } : {}),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
}

test('catalog groups: a product attribute group, a variant group, a bundle with its stock-based availability, and an ordered collection', async ({
  page,
}) => {
  test.setTimeout(180_000); // four screens end to end: 66 s on a loaded 2-core machine, 90 s in CI
  await signUpAndVerify(page, {
    company: `Rasoi Wares ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    email: `catalog.groups.${stamp}@example.in`,
    phone: `7${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });
  await seedProducts(page, [
    { name: 'Steel Tiffin Red', sku: 'TIF-RED', mrp: 500, selling_price: 450 },
    { name: 'Steel Tiffin Blue', sku: 'TIF-BLU', mrp: 500, selling_price: 450 },
    { name: 'Pressure Cooker 3L', sku: 'PC-3L', mrp: 2000, selling_price: 1800, opening_stock: 10 },
    { name: 'Nonstick Tawa 28cm', sku: 'TAWA-28', mrp: 800, selling_price: 700, opening_stock: 6 },
  ]);

  // ── Product Groups: a group, its attributes added, edited and deleted, then deactivated and back.
  await page.goto('/product-attributes');
  await expect(page).toHaveTitle('Product Groups');
  await expect(page.getByText('Add a Product Group and boost your business')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Create Product Group' });
  await groupDialog.getByRole('button', { name: 'Create Product Group' }).click();
  await expect(groupDialog.getByText('Product group name is required.')).toBeVisible();
  await groupDialog.getByLabel('Group Name').fill('Cookware Specs');
  await groupDialog.getByLabel('Description').fill('What a buyer asks about pots and pans.');
  await groupDialog.getByRole('button', { name: 'Create Product Group' }).click();
  await expect(page.getByText('Product Attribute created successfully.')).toBeVisible();
  await expect(groupDialog).toBeHidden();
  const groups = page.getByRole('table', { name: 'Product Groups' });
  const groupRow = groups.getByRole('row', { name: /Cookware Specs/ });
  await expect(groupRow).toContainText('What a buyer asks about pots and pans.');
  await expect(groupRow).toContainText('None');
  await expect(groupRow).toContainText('Active');

  await groupRow.getByRole('button', { name: 'Actions for Cookware Specs' }).click();
  await page.getByRole('menuitem', { name: 'Attributes' }).click();
  const attributesDialog = page.getByRole('dialog', { name: 'Attributes of Cookware Specs' });
  await expect(attributesDialog.getByText('This group has no attributes yet.')).toBeVisible();
  const addForm = attributesDialog.getByRole('form', { name: 'Add attribute' });
  const attributes = attributesDialog.getByRole('table', { name: 'Attributes' });

  // A text attribute.
  await addForm.getByLabel('Attribute Name').fill('Material');
  await expect(addForm.getByRole('combobox', { name: 'Type' })).toHaveValue('Text');
  await addForm.getByRole('button', { name: 'Add Attribute' }).click();
  await expect(page.getByText('Product Attribute added successfully.')).toBeVisible();
  await expect(attributes.getByRole('row', { name: /Material/ })).toContainText('Text');

  // A select attribute needs its options.
  await addForm.getByLabel('Attribute Name').fill('Capacity');
  await pick(page, addForm, 'Type', 'Select');
  await addForm.getByRole('button', { name: 'Add Attribute' }).click();
  await expect(addForm.getByText('A select attribute needs at least one option.')).toBeVisible();
  const options = addForm.getByRole('combobox', { name: 'Options' });
  await options.fill('3L');
  await options.press('Enter');
  await options.fill('5L');
  await options.press('Enter');
  await addForm.getByRole('textbox', { name: 'Position' }).fill('1');
  await addForm.getByRole('switch', { name: 'Required' }).check();
  await addForm.getByRole('button', { name: 'Add Attribute' }).click();
  await expect(page.getByText('Product Attribute added successfully.').first()).toBeVisible();
  const capacity = attributes.getByRole('row', { name: /Capacity/ });
  await expect(capacity).toContainText('Required');
  await expect(capacity).toContainText('Select');
  await expect(capacity).toContainText('3L, 5L');

  // A third one, to delete.
  await addForm.getByLabel('Attribute Name').fill('Warranty');
  await expect(addForm.getByRole('combobox', { name: 'Type' })).toHaveValue('Text');
  await addForm.getByRole('button', { name: 'Add Attribute' }).click();
  await expect(attributes.getByRole('row', { name: /Warranty/ })).toBeVisible();

  // Edit Capacity: one more option and a new name.
  await attributes.getByRole('button', { name: 'Edit Capacity' }).click();
  const editForm = attributesDialog.getByRole('form', { name: 'Edit attribute' });
  await expect(editForm.getByRole('heading', { name: 'Edit Capacity' })).toBeVisible();
  await expect(editForm.getByLabel('Attribute Name')).toHaveValue('Capacity');
  await editForm.getByLabel('Attribute Name').fill('Capacity (litres)');
  const editOptions = editForm.getByRole('combobox', { name: 'Options' });
  await editOptions.fill('7L');
  await editOptions.press('Enter');
  await editForm.getByRole('button', { name: 'Save Attribute' }).click();
  await expect(page.getByText('Product Attribute updated successfully.')).toBeVisible();
  const edited = attributes.getByRole('row', { name: /Capacity \(litres\)/ });
  await expect(edited).toContainText('3L, 5L, 7L');
  await expect(edited).toContainText('Required');
  await expect(attributesDialog.getByRole('form', { name: 'Add attribute' })).toBeVisible();

  // Delete Warranty, after a confirmation.
  await attributes.getByRole('button', { name: 'Delete Warranty' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete Attribute' });
  await expect(confirmDelete.getByText('Delete the attribute Warranty?')).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product Attribute deleted successfully.')).toBeVisible();
  await expect(confirmDelete).toBeHidden();
  await expect(attributes.getByRole('row', { name: /Warranty/ })).toHaveCount(0);
  await expect(attributes.getByRole('row')).toHaveCount(3);
  await attributesDialog.press('Escape');
  await expect(attributesDialog).toBeHidden();
  await expect(groupRow).toContainText('Material, Capacity (litres)');

  // Deactivate, then activate again: the status follows, also after a reload.
  await groupRow.getByRole('button', { name: 'Actions for Cookware Specs' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(page.getByText('Product Attribute deactivated successfully.')).toBeVisible();
  await expect(groupRow).toContainText('Inactive');
  await page.reload();
  await expect(groupRow).toContainText('Inactive');
  await pick(page, page, 'Status', 'Active');
  await expect(page.getByText('No product group matches the search or the status filter.')).toBeVisible();
  await pick(page, page, 'Status', 'Inactive');
  await groupRow.getByRole('button', { name: 'Actions for Cookware Specs' }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(page.getByText('Product Attribute activated successfully.')).toBeVisible();
  await pick(page, page, 'Status', 'All');
  await expect(groupRow).toContainText('Active');
  await expect(groupRow).not.toContainText('Inactive');

  // ── Variant groups: Colour in Red and Blue, the two tiffins as its variants.
  await page.goto('/variant-groups');
  await expect(page).toHaveTitle('Variant Groups');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const variantDialog = page.getByRole('dialog', { name: 'Create Variant Group' });
  await variantDialog.getByLabel('Group Name').fill('Steel Tiffins');
  await variantDialog.getByLabel('Description').fill('Three-tier lunch boxes.');
  await variantDialog.getByRole('textbox', { name: 'Attribute', exact: true }).fill('Colour');
  await variantDialog.getByLabel('Primary Attribute').fill('Colour');
  await variantDialog.getByRole('button', { name: 'Create Variant Group' }).click();
  await expect(variantDialog.getByText('Please add at least one option.')).toBeVisible();
  const colours = variantDialog.getByRole('combobox', { name: 'Options' });
  await colours.fill('Red');
  await colours.press('Enter');
  await colours.fill('Blue');
  await colours.press('Enter');
  await expect(variantDialog.getByText('Please add at least one option.')).toBeHidden();
  await variantDialog.getByRole('button', { name: 'Create Variant Group' }).click();
  await expect(page.getByText('Variant group created successfully.')).toBeVisible();
  await expect(variantDialog).toBeHidden();
  const variantGroups = page.getByRole('table', { name: 'Variant Groups' });
  const tiffins = variantGroups.getByRole('row', { name: /Steel Tiffins/ });
  await expect(tiffins).toContainText('Colour: Red, Blue');
  await expect(tiffins.getByRole('cell').nth(2)).toHaveText('0');

  await tiffins.getByRole('button', { name: 'Actions for Steel Tiffins' }).click();
  await page.getByRole('menuitem', { name: 'Variants' }).click();
  const variantsDialog = page.getByRole('dialog', { name: 'Variants of Steel Tiffins' });
  await expect(variantsDialog.getByText('No product is a variant of this group yet.')).toBeVisible();
  const addProduct = variantsDialog.getByRole('combobox', { name: 'Add Product' });
  await addProduct.fill('tiffin');
  await page.getByRole('option', { name: 'Steel Tiffin Red (TIF-RED)' }).click();
  await addProduct.fill('tiffin');
  await page.getByRole('option', { name: 'Steel Tiffin Blue (TIF-BLU)' }).click();
  const variants = variantsDialog.getByRole('table', { name: 'Variants' });
  await expect(variants.getByRole('row')).toHaveCount(3);
  await expect(variantsDialog.getByRole('combobox', { name: 'Colour of Steel Tiffin Red' })).toHaveValue(
    'Red',
  );
  await pick(page, variantsDialog, 'Colour of Steel Tiffin Blue', 'Blue');
  await expect(variantsDialog.getByRole('combobox', { name: 'Colour of Steel Tiffin Blue' })).toHaveValue(
    'Blue',
  );
  await variantsDialog.getByRole('button', { name: 'Save Variants' }).click();
  await expect(page.getByText('Variants saved successfully.')).toBeVisible();
  await expect(variantsDialog).toBeHidden();
  await expect(tiffins.getByRole('cell').nth(2)).toHaveText('2');

  // Listed again, each with its colour, after a reload; the primary attribute kept.
  await page.reload();
  await tiffins.getByRole('button', { name: 'Actions for Steel Tiffins' }).click();
  await page.getByRole('menuitem', { name: 'Variants' }).click();
  await expect(variants.getByRole('row', { name: /Steel Tiffin Red \(TIF-RED\)/ })).toBeVisible();
  await expect(variants.getByRole('row', { name: /Steel Tiffin Blue \(TIF-BLU\)/ })).toBeVisible();
  await expect(variantsDialog.getByRole('combobox', { name: 'Colour of Steel Tiffin Red' })).toHaveValue(
    'Red',
  );
  await expect(variantsDialog.getByRole('combobox', { name: 'Colour of Steel Tiffin Blue' })).toHaveValue(
    'Blue',
  );
  await variantsDialog.getByRole('button', { name: 'Cancel' }).click();
  await tiffins.getByRole('button', { name: 'Actions for Steel Tiffins' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editVariantGroup = page.getByRole('dialog', { name: 'Edit Variant Group' });
  await expect(editVariantGroup.getByLabel('Primary Attribute')).toHaveValue('Colour');
  await editVariantGroup.getByRole('button', { name: 'Cancel' }).click();
  await expect(editVariantGroup).toBeHidden();

  // ── Grouped products: two cookers and three tawas; MRP left blank is the items' sum.
  await page.goto('/grouped-products');
  await expect(page).toHaveTitle('Grouped Products');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const bundleDialog = page.getByRole('dialog', { name: 'Create Grouped Product' });
  await bundleDialog.getByLabel('Name').first().fill('Cooking Starter Kit');
  await bundleDialog.getByRole('textbox', { name: 'SKU', exact: true }).fill(`KIT-COOK-${stamp}`);
  await bundleDialog.getByRole('combobox', { name: 'Product 1' }).fill('cooker');
  await page.getByRole('option', { name: 'Pressure Cooker 3L (PC-3L)' }).click();
  await expect(bundleDialog.getByRole('combobox', { name: 'Product 1' })).toHaveValue(
    'Pressure Cooker 3L (PC-3L)',
  );
  await bundleDialog.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
  await bundleDialog.getByRole('combobox', { name: 'Product 2' }).fill('tawa');
  await page.getByRole('option', { name: 'Nonstick Tawa 28cm (TAWA-28)' }).click();
  await expect(bundleDialog.getByRole('combobox', { name: 'Product 2' })).toHaveValue(
    'Nonstick Tawa 28cm (TAWA-28)',
  );
  await bundleDialog.getByRole('textbox', { name: 'Quantity 2' }).fill('3');
  await bundleDialog.getByRole('textbox', { name: 'Selling Price (₹, tax inclusive)' }).fill('5499');
  await expect(bundleDialog.getByRole('textbox', { name: 'MRP (₹)' })).toHaveValue('');
  await bundleDialog.getByRole('button', { name: 'Create Grouped Product' }).click();
  await expect(page.getByText('Grouped Product created Successfully.')).toBeVisible();
  await expect(bundleDialog).toBeHidden();
  const bundles = page.getByRole('table', { name: 'Grouped Products' });
  const kit = bundles.getByRole('row', { name: /Cooking Starter Kit/ });
  // 2 × ₹2,000 + 3 × ₹800
  await expect(kit).toContainText('₹6,400.00');
  await expect(kit).toContainText('₹5,499.00');
  await expect(kit).toContainText(`KIT-COOK-${stamp}`);

  // Its availability: cookers 10 / 2 = 5, tawas 6 / 3 = 2, so 2 bundles.
  await kit.getByRole('button', { name: 'Cooking Starter Kit', exact: true }).click();
  const kitDialog = page.getByRole('dialog', { name: 'Cooking Starter Kit' });
  await expect(kitDialog.getByText('Bundles in stock:')).toHaveText('Bundles in stock: 2');
  await expect(kitDialog.getByText(/^MRP:/)).toHaveText('MRP: ₹6,400.00');
  // 2 × ₹1,800 + 3 × ₹700
  await expect(kitDialog.getByText('Items bought separately:')).toHaveText(
    'Items bought separately: ₹5,700.00',
  );
  const kitItems = kitDialog.getByRole('table', { name: 'Bundle products' });
  await expect(kitItems.getByRole('row', { name: /Pressure Cooker 3L/ })).toHaveText(
    /Pressure Cooker 3L\s*PC-3L\s*2\s*₹2,000.00\s*₹1,800.00\s*10$/,
  );
  await expect(kitItems.getByRole('row', { name: /Nonstick Tawa 28cm/ })).toHaveText(
    /Nonstick Tawa 28cm\s*TAWA-28\s*3\s*₹800.00\s*₹700.00\s*6$/,
  );
  await kitDialog.press('Escape');
  await expect(kitDialog).toBeHidden();

  // ── Product collections: for the Web Store, three products, one moved up, one removed.
  await page.goto('/product-collections');
  await expect(page).toHaveTitle('Product Collections');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const collectionDialog = page.getByRole('dialog', { name: 'Create Product Collection' });
  await collectionDialog.getByLabel('Name').first().fill('Monsoon Kitchen Picks');
  await pick(page, collectionDialog, 'Sales Channel', 'Web Store');
  await collectionDialog.getByRole('button', { name: 'Create Product Collection' }).click();
  await expect(page.getByText('Product Collection created Successfully.')).toBeVisible();
  await expect(collectionDialog).toBeHidden();
  const collections = page.getByRole('table', { name: 'Product Collections' });
  const picks = collections.getByRole('row', { name: /Monsoon Kitchen Picks/ });
  await expect(picks).toContainText('Web Store');
  await expect(picks.getByRole('cell').nth(2)).toHaveText('0');

  await picks.getByRole('button', { name: 'Monsoon Kitchen Picks', exact: true }).click();
  const productsDialog = page.getByRole('dialog', { name: 'Products of Monsoon Kitchen Picks' });
  await expect(productsDialog.getByText('This collection has no products yet.')).toBeVisible();
  const picker = productsDialog.getByRole('combobox', { name: 'Add a product' });
  const add = productsDialog.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  const collectionProducts = productsDialog.getByRole('table', { name: 'Collection products' });
  const rows = collectionProducts.getByRole('row');
  const added = [
    ['cooker', 'Pressure Cooker 3L (PC-3L)'],
    ['tawa', 'Nonstick Tawa 28cm (TAWA-28)'],
    ['TIF-RED', 'Steel Tiffin Red (TIF-RED)'],
  ];
  for (const [index, [search, option]] of added.entries()) {
    await picker.fill(search);
    await page.getByRole('option', { name: option }).click();
    await add.click();
    await expect(page.getByText('Products added successfully.').first()).toBeVisible();
    await expect(rows).toHaveCount(index + 2);
    await expect(picker).toHaveValue('');
  }
  const order = async (names: string[]) => {
    await expect(rows).toHaveCount(names.length + 1);
    for (const [index, name] of names.entries()) {
      await expect(
        rows
          .nth(index + 1)
          .getByRole('cell')
          .nth(1),
      ).toHaveText(name);
      await expect(
        rows
          .nth(index + 1)
          .getByRole('cell')
          .first(),
      ).toHaveText(String(index + 1));
    }
  };
  await order(['Pressure Cooker 3L', 'Nonstick Tawa 28cm', 'Steel Tiffin Red']);
  await expect(collectionProducts.getByRole('button', { name: 'Move Pressure Cooker 3L up' })).toBeDisabled();
  await expect(collectionProducts.getByRole('button', { name: 'Move Steel Tiffin Red down' })).toBeDisabled();

  // The tiffin to the top, in two steps.
  await collectionProducts.getByRole('button', { name: 'Move Steel Tiffin Red up' }).click();
  await expect(page.getByText('Order saved successfully.').first()).toBeVisible();
  await order(['Pressure Cooker 3L', 'Steel Tiffin Red', 'Nonstick Tawa 28cm']);
  await collectionProducts.getByRole('button', { name: 'Move Steel Tiffin Red up' }).click();
  await order(['Steel Tiffin Red', 'Pressure Cooker 3L', 'Nonstick Tawa 28cm']);
  await expect(collectionProducts.getByRole('button', { name: 'Move Steel Tiffin Red up' })).toBeDisabled();

  // The cooker out.
  await dismissToasts(page);
  await collectionProducts.getByRole('button', { name: 'Remove Pressure Cooker 3L' }).click();
  await expect(page.getByText('Products removed successfully.')).toBeVisible();
  await order(['Steel Tiffin Red', 'Nonstick Tawa 28cm']);
  await productsDialog.press('Escape');
  await expect(productsDialog).toBeHidden();
  await expect(picks.getByRole('cell').nth(2)).toHaveText('2');

  // The order is the server's: a reload shows it again.
  await page.reload();
  await picks.getByRole('button', { name: 'Monsoon Kitchen Picks', exact: true }).click();
  await order(['Steel Tiffin Red', 'Nonstick Tawa 28cm']);
});
