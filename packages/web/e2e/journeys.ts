import { deflateSync } from 'node:zlib';
import { computeGstinCheckChar } from '@b2b/domain/gstin';
import { expect, type Locator, type Page } from '@playwright/test';
import { otpFor } from './mailbox.ts';

/** The owner of a company a journey signs up; every journey makes its own, with unique contacts. */
export interface Owner {
  company: string;
  branch: string;
  city: string;
  pincode: string;
  addressLine1: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

/** Opens a Mantine select by its label inside `scope` and picks an option (options render in a portal). */
export async function pick(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Closes every toast on screen. Toasts sit top-right above dialogs, so a click on a control at a
 * dialog's right edge right after a save can land on the toast instead.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.mantine-Notifications-notification');
  const firstCloseButton = toasts.locator('.mantine-Notification-closeButton').first();
  // Always the first: closing one shifts the others' positions, so a button found by its index
  // can be gone by the time it is clicked (the click then waited out the whole test).
  await expect(async () => {
    if ((await toasts.count()) > 0) {
      await firstCloseButton.click({ timeout: 1_000 }).catch(() => undefined); // it may close by itself meanwhile
    }
    await expect(toasts).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

export async function login(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email or Phone').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/auth\/login/);
}

/**
 * Signs a new company up (branch in Maharashtra), verifies it with the OTP the SMTP server
 * received, and waits for the home page's greeting.
 */
export async function signUpAndVerify(page: Page, owner: Owner) {
  await page.goto('/signup');
  await page.getByLabel('Company Name').fill(owner.company);
  await page.getByLabel('Branch Name').fill(owner.branch);
  await pick(page, page, 'State', 'Maharashtra');
  await page.getByLabel('City').fill(owner.city);
  await page.getByLabel('Pincode').fill(owner.pincode);
  await page.getByLabel('Address Line 1').fill(owner.addressLine1);
  await page.getByLabel('First Name').fill(owner.firstName);
  await page.getByLabel('Last Name').fill(owner.lastName);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Phone').fill(owner.phone);
  await page.getByLabel('Password').fill(owner.password);
  const signedUpAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/signup\/verify/);
  await page.getByLabel('OTP').fill(await otpFor(owner.email, { after: signedUpAt }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome, ${owner.firstName}`) })).toBeVisible();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, `size` pixels square, made here so a journey needs no fixture file. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Calls the API as the signed-in user of `page`, for what the screens will not let a user do: a
 * journey checks that the server refuses it as well. The app keeps its access token in memory
 * only, so this takes a new one from the session's refresh cookie, as a reload would.
 */
export async function callApiAsUser(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const refreshed = await fetch('/api/auth/refresh/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const { access_token } = (await refreshed.json()) as { access_token?: string };
      const response = await fetch(`/api/${path}`, {
        method,
        headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

/**
 * A buyer's order invoiced in full through the API, as a journey's starting point when it checks
 * what follows an invoice (a return, a report): a quotation to the buyer's billing and shipping
 * addresses, its order (confirmed when it waits for that) and one invoice of every line.
 */
export async function invoiceOrderThroughApi(
  page: Page,
  order: {
    companyId: number;
    branchId: number;
    buyer: Record<string, unknown>;
    items: { product: unknown; warehouse: unknown; quantity: number }[];
  },
): Promise<{ id: number; invoice_number: string }> {
  const addresses = order.buyer.addresses as { id: number; address_type: string }[];
  const billing = addresses.find((a) => a.address_type === 'billing_address')?.id;
  const shipping = addresses.find((a) => a.address_type === 'shipping_address')?.id ?? billing;
  const quotation = await callApiAsUser(
    page,
    'POST',
    `admin/companies/${order.companyId}/generate_quotation`,
    {
      buyer: order.buyer.id,
      branch: order.branchId,
      billing_address: billing,
      shipping_address: shipping,
      items: order.items,
    },
  );
  expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);
  let placed = await callApiAsUser(page, 'POST', `admin/quotations/${quotation.body.id}/generate_order/`, {});
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  if (placed.body.status === 'new')
    placed = await callApiAsUser(page, 'POST', `admin/orders/${placed.body.id}/confirm/`);
  const lines = placed.body.order_items as { id: number; invoiceable_quantity: number }[];
  const invoice = await callApiAsUser(page, 'POST', `admin/orders/${placed.body.id}/generate_invoice/`, {
    items: lines.map((line) => ({ order_item: line.id, quantity: line.invoiceable_quantity })),
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  return invoice.body as { id: number; invoice_number: string };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A GSTIN of Maharashtra (27) with a valid check character and a PAN made of `seed` and the
 * journey's own `letters` (three, so two journeys' GSTINs never meet).
 */
export function maharashtraGstin(seed: number, letters: string): string {
  const [a, b, c] = letters;
  const pan = `${a}${b}${LETTERS[seed % 26]}${LETTERS[Math.floor(seed / 26) % 26]}C${String(1000 + (seed % 9000))}${c}`;
  const first14 = `27${pan}1Z`;
  return first14 + computeGstinCheckChar(first14);
}

/** The signed-in user's company and first branch, that branch given `gstin` when one is passed. */
export async function companyAndBranch(
  page: Page,
  gstin?: string,
): Promise<{ companyId: number; branchId: number }> {
  const me = await callApiAsUser(page, 'GET', 'me/');
  const companyId = (me.body.company as { id: number }).id;
  const branchId = (me.body.branches as { id: number }[])[0]?.id as number;
  if (gstin) {
    const branch = await callApiAsUser(page, 'PATCH', `branches/${branchId}`, { gstin });
    expect(branch.status, JSON.stringify(branch.body)).toBe(200);
  }
  return { companyId, branchId };
}
