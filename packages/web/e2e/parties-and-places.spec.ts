import { expect, test } from '@playwright/test';
import { computeGstinCheckChar } from '../../domain/src/gstin.ts';
import { pick, signUpAndVerify } from './journeys.ts';

const stamp = `${Date.now().toString(36)}`;

/** A valid GSTIN of the given state, different on every run. */
function gstinOf(stateCode: string, salt: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = Date.now() + salt;
  const pan = `AA${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}P${String(n % 10_000).padStart(4, '0')}F`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + computeGstinCheckChar(first14);
}

test('parties and places: a branch with a bank account, a warehouse, a buyer with two addresses, cashpoints credited and debited', async ({
  page,
}) => {
  await signUpAndVerify(page, {
    company: `Places Traders ${stamp}`,
    branch: 'Pune',
    city: 'Pune',
    pincode: '411001',
    addressLine1: '12 FC Road',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    email: `places.${stamp}@example.in`,
    phone: `9${String(Date.now()).slice(-9)}`,
    password: 'Quiet-Harbour@42',
  });

  // A branch in Mumbai, with its address.
  const branchName = `Mumbai ${stamp}`;
  await page.goto('/branches');
  await page.getByRole('button', { name: 'Create Branch' }).click();
  const branchForm = page.getByRole('dialog', { name: 'Create Branch' });
  await branchForm.getByLabel('Branch Name').fill(branchName);
  await branchForm.getByLabel('GSTIN').fill(gstinOf('27', 1));
  await branchForm.getByLabel('Contact Person Name').fill('Ravi Patil');
  await branchForm.getByLabel('Contact Person Phone').fill('9822012345');
  await branchForm.getByLabel('Address Line 1').fill('1 Marine Drive');
  await pick(page, branchForm, 'State', 'Maharashtra');
  await branchForm.getByLabel('City').fill('Mumbai');
  await branchForm.getByLabel('Pincode').fill('400020');
  await branchForm.getByRole('button', { name: 'Create Branch' }).click();
  await expect(page.getByText('Branch created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: branchName })).toBeVisible();

  // Its bank account.
  const accountNumber = `5010${String(Date.now()).slice(-10)}`;
  await page.getByRole('tab', { name: 'Bank Accounts' }).click();
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const accountForm = page.getByRole('dialog', { name: 'Add Bank Account' });
  await accountForm.getByLabel('Bank Name').fill('State Bank of India');
  await accountForm.getByLabel('Account Holder Name').fill(`Places Traders ${stamp}`);
  await accountForm.getByLabel('Account Number').fill(accountNumber);
  await accountForm.getByLabel('IFSC Code').fill('SBIN0000300');
  await accountForm.getByRole('button', { name: 'Add Bank Account' }).click();
  await expect(page.getByText('Bank account added successfully.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bank accounts' }).getByText(accountNumber)).toBeVisible();

  // A warehouse under the new branch.
  const warehouseName = `Bhiwandi ${stamp}`;
  await page.goto('/warehouses');
  await page.getByRole('button', { name: 'Create Warehouse' }).click();
  const warehouseForm = page.getByRole('dialog', { name: 'Create Warehouse' });
  await warehouseForm.getByLabel('Warehouse Name').fill(warehouseName);
  await pick(page, warehouseForm, 'Branch', branchName);
  await warehouseForm.getByLabel('Address Line 1').fill('Gala 4, Mankoli Naka');
  await pick(page, warehouseForm, 'State', 'Maharashtra');
  await warehouseForm.getByLabel('City').fill('Bhiwandi');
  await warehouseForm.getByLabel('Pincode').fill('421302');
  await warehouseForm.getByRole('button', { name: 'Create Warehouse' }).click();
  await expect(page.getByText('Warehouse created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: warehouseName })).toBeVisible();
  await expect(page.getByText(`Branch ${branchName}`)).toBeVisible();

  // A buyer billed in Pune whose goods go to Bengaluru.
  const buyerName = `Deshmukh Hardware ${stamp}`;
  await page.goto('/buyers');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const buyerForm = page.getByRole('dialog', { name: 'Create Buyer' });
  await buyerForm.getByLabel('Buyer Name').fill(buyerName);
  await buyerForm.getByLabel('Phone').fill(`8${String(Date.now()).slice(-9)}`);
  await buyerForm.getByLabel('GST Number').fill(gstinOf('27', 2));
  await buyerForm.getByLabel('Billing Address Line 1').fill('5 FC Road');
  await pick(page, buyerForm, 'Billing State', 'Maharashtra');
  await buyerForm.getByLabel('Billing City').fill('Pune');
  await buyerForm.getByLabel('Billing Pincode').fill('411004');
  await buyerForm.getByLabel('Same as billing').uncheck();
  await buyerForm.getByLabel('Shipping Address Line 1').fill('44 Peenya Industrial Area');
  await pick(page, buyerForm, 'Shipping State', 'Karnataka');
  await buyerForm.getByLabel('Shipping City').fill('Bengaluru');
  await buyerForm.getByLabel('Shipping Pincode').fill('560058');
  await buyerForm.getByRole('button', { name: 'Create Buyer' }).click();
  await expect(page.getByText('Buyer created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: buyerName })).toBeVisible();
  await page.getByRole('tab', { name: 'Addresses' }).click();
  const addresses = page.getByRole('table', { name: 'Addresses' });
  await expect(addresses.getByRole('row', { name: /Billing Address.*5 FC Road/ })).toBeVisible();
  await expect(
    addresses.getByRole('row', { name: /Shipping Address.*44 Peenya Industrial Area/ }),
  ).toBeVisible();

  // Credit 500 cashpoints that expire on the 15th of next month.
  await page.getByRole('tab', { name: 'Cashpoints' }).click();
  const available = page.getByLabel('Total Available Cashpoints');
  await expect(available).toHaveText('0.00');
  await expect(page.getByText('No records found.')).toBeVisible();
  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  const credit = page.getByRole('dialog', { name: 'Credit Cashpoints' });
  await credit.getByRole('button', { name: 'Submit' }).click();
  await expect(credit.getByText('Cashpoint is required')).toBeVisible();
  await expect(credit.getByText('Expiry Date is required')).toBeVisible();
  await credit.getByLabel('Cashpoints').fill('500');
  await credit.getByLabel('Expiry Date').click();
  await page.locator('button[data-direction="next"]').click();
  await page.getByRole('button', { name: /^15 / }).click();
  await expect(credit.getByLabel('Sales Channel')).toBeVisible();
  await credit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Cashpoint credited to buyer successfully.')).toBeVisible();
  await expect(credit).toBeHidden();
  await expect(available).toHaveText('500.00');
  const history = page.getByRole('table', { name: 'Cashpoint history' });
  await expect(
    history.getByRole('row', { name: /N\/A.*credited.*500\.00.*\b15\/\d\d\/\d{4}/i }),
  ).toBeVisible();

  // Debit 200: the summary and the history follow.
  await page.getByRole('button', { name: 'Debit', exact: true }).click();
  const debit = page.getByRole('dialog', { name: 'Debit Cashpoints' });
  await expect(debit.getByLabel('Expiry Date')).toHaveCount(0);
  await debit.getByLabel('Cashpoints').fill('200');
  await debit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Cashpoint debited from buyer successfully.')).toBeVisible();
  await expect(available).toHaveText('300.00');
  await expect(history.getByRole('row', { name: /debited.*200\.00/i })).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);

  // More than is left is refused, and nothing changes.
  await page.getByRole('button', { name: 'Debit', exact: true }).click();
  await debit.getByLabel('Cashpoints').fill('300.01');
  await debit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Insufficient cashpoints. Available: 300.00').first()).toBeVisible();
  await debit.getByRole('button', { name: 'Cancel' }).click();
  await expect(available).toHaveText('300.00');
  await expect(history.getByRole('row')).toHaveCount(3);
});
