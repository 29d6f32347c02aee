import { ALL_PERMISSIONS } from '@b2b/domain/permissions';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../test/factories.ts';
import { createWarehouse, dbOf, firstWarehouse } from '../../test/inventory-fixtures.ts';
import { createCreditNote, createSalesReturn } from '../../test/returns-fixtures.ts';
import { REACHING_BODIES } from '../../test/route-bodies.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createQuotation,
  createTaxedProduct,
} from '../../test/sales-fixtures.ts';
import { forgetPrincipals } from '../auth/load-principal.ts';

/**
 * Branch scoping (spec 2: "A user may act only on assigned branches, according to the role"). A
 * company with two branches, documents of every kind in each, and a user whose role holds every
 * permission but who is assigned only to the first branch: the second branch's documents are not
 * in their lists, do not exist for them by id (404), and cannot be made by them (403); their own
 * branch works as before; a Company Admin sees both. The route table is walked so that a new route
 * naming a branch-owned document fails here until it is checked (or listed as not branch-owned).
 */

const BRANCH_FORBIDDEN = 'You do not have permissions to act on this branch.';

async function createBranch(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/branches`, {
    name,
    address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; addresses: { id: number }[] };
}

/** One document of every branch-owned kind in `branchId`, selling from `warehouseId`. */
async function documentsIn(
  company: SignedUpCompany,
  branchId: number,
  warehouseId: number,
  spareWarehouseId: number,
) {
  const c = company.companyId;
  const ok = (res: { status: number; body: any }, status = 201) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };
  const product = await createTaxedProduct(company, { openingStock: 50, warehouseId });
  // Stock that never goes out: on the overstocking report.
  const idle = await createTaxedProduct(company, { openingStock: 5, warehouseId });
  const buyer = await createBuyerWithAddress(company);
  const lines = [{ product: product.id, quantity: 4, warehouse: warehouseId }];
  const quotation = await createQuotation(company, buyer, lines, { branch: branchId });
  const { order } = await createOrder(company, { buyer, lines, fields: { branch: branchId }, confirm: true });
  const invoiceOne = () =>
    company.api.post(`admin/orders/${order.id}/generate_invoice/`, {
      items: [{ order_item: order.order_items[0].id, quantity: 1 }],
    });
  const invoice = ok(await invoiceOne());
  const shipped = ok(await invoiceOne());
  const shipment = ok(
    await company.api.post(`admin/invoices/${shipped.id}/shipments`, {
      items: [{ invoice_item: shipped.items[0].id, quantity: 1 }],
    }),
  );
  const payment = ok(
    await company.api.post(`admin/companies/${c}/payments`, {
      buyer: buyer.id,
      branch: branchId,
      amount: 50,
      allocations: [],
    }),
  );
  const refund = ok(
    await company.api.post(`admin/companies/${c}/refunds`, { payment: payment.id, amount: 1 }),
  );
  const salesReturn = await createSalesReturn(company, shipped);
  const creditNote = await createCreditNote(company, shipped, [[1, 10]]);
  const challan = ok(
    await company.api.post(`admin/companies/${c}/delivery_challans`, {
      purpose: 'job_work',
      warehouse: warehouseId,
      buyer: buyer.id,
      items: [{ product: product.id, quantity: 1 }],
    }),
  );
  const seller = ok(
    await company.api.post(`companies/${c}/sellers`, {
      name: `Supplier ${unique()}`,
      billing_address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    }),
  );
  const bill = ok(
    await company.api.post(`admin/companies/${c}/bills`, {
      seller: seller.id,
      branch: branchId,
      warehouse: warehouseId,
      bill_number: `SUP-${unique().slice(-10)}`,
      bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
      items: [{ product: product.id, quantity: 1, rate: 10, tax_rate: 18 }],
    }),
  );
  const purchaseOrder = ok(
    await company.api.post(`admin/companies/${c}/purchase_orders`, {
      seller: seller.id,
      branch: branchId,
      warehouse: warehouseId,
      order_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
      items: [{ product: product.id, quantity: 1, rate: 10, tax_rate: 18 }],
    }),
  );
  // A payment made on a second bill of the branch, received.
  const paidBill = ok(
    await company.api.post(`admin/companies/${c}/bills`, {
      seller: seller.id,
      branch: branchId,
      warehouse: warehouseId,
      bill_number: `SUP-${unique().slice(-10)}`,
      bill_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
      items: [{ product: product.id, quantity: 1, rate: 10, tax_rate: 18 }],
    }),
  );
  ok(await company.api.post(`admin/bills/${paidBill.id}/receive`), 200);
  const method = await dbOf(company)
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', c)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const paymentMade = ok(
    await company.api.post(`admin/companies/${c}/payments_made`, {
      seller: seller.id,
      amount: 5,
      payment_method: method.id,
      allocations: [{ bill: paidBill.id, amount: 5 }],
    }),
  );
  // A purchase return of that bill, with its debit note.
  const purchaseReturn = ok(
    await company.api.post(`admin/companies/${c}/purchase_returns`, {
      bill: paidBill.id,
      items: [{ bill_item: paidBill.items[0].id, quantity: 1 }],
    }),
  );
  const adjustment = ok(
    await company.api.post(`companies/${c}/inventory_adjustments`, {
      warehouse: warehouseId,
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: 1 }],
    }),
  );
  const transfer = ok(
    await company.api.post(`companies/${c}/inventory_transfers`, {
      source_warehouse: warehouseId,
      destination_warehouse: spareWarehouseId,
      lines: [{ product: product.id, quantity: 1 }],
    }),
  );
  const bankAccount = ok(
    await company.api.post(`v1/branches/${branchId}/bank_accounts`, {
      bank_name: 'HDFC Bank',
      account_holder_name: `Holder ${unique()}`,
      account_number: `9${String(Date.now()).slice(-11)}`,
      ifsc_code: 'HDFC0001234',
    }),
  );
  const warehouseBuyer = ok(
    await company.api.post(`warehouses/${warehouseId}/assign_buyers`, { buyers: [buyer.id] }),
    200,
  ).results[0];
  const account = await dbOf(company)
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', c)
    .where('branch_id', '=', branchId)
    .executeTakeFirstOrThrow();
  const branch = ok(await company.api.get(`branches/${branchId}?expand=addresses`), 200);
  const contact = ok(await company.api.post(`branches/${branchId}/notification_contacts`, { name: 'Desk' }));
  const store = ok(
    await company.api.post(`companies/${c}/stores`, {
      name: `Counter ${unique()}`,
      branch: branchId,
      warehouse: warehouseId,
    }),
  );
  return {
    branchId,
    warehouseId,
    spareWarehouseId,
    productId: product.id,
    idleProductId: idle.id,
    buyerId: buyer.id,
    buyer,
    quotationId: quotation.id as number,
    orderId: order.id as number,
    orderNumber: order.order_number as string,
    invoiceId: invoice.id as number,
    invoiceNumber: invoice.invoice_number as string,
    shipmentId: shipment.id as number,
    paymentId: payment.id as number,
    refundId: refund.id as number,
    salesReturnId: salesReturn.id as number,
    creditNoteId: creditNote.id as number,
    challanId: challan.id as number,
    billId: bill.id as number,
    purchaseOrderId: purchaseOrder.id as number,
    paymentMadeId: paymentMade.id as number,
    purchaseReturnId: purchaseReturn.id as number,
    debitNoteId: purchaseReturn.debit_note.id as number,
    adjustmentId: adjustment.id as number,
    transferId: transfer.id as number,
    bankAccountId: bankAccount.id as number,
    warehouseBuyerId: warehouseBuyer.id as number,
    accountId: Number(account.id),
    addressId: branch.addresses[0].id as number,
    contactId: contact.id as number,
    storeId: store.id as number,
  };
}

type Documents = Awaited<ReturnType<typeof documentsIn>>;

/** The id a route's `:id` names, for routes whose id is a branch-owned row. */
const BRANCH_OWNED: [RegExp, (d: Documents) => number][] = [
  [/^\/api\/(v\d\/)?(admin\/)?quotations\/:id/, (d) => d.quotationId],
  [/^\/api\/(v\d\/)?admin\/orders\/:id/, (d) => d.orderId],
  [/^\/api\/admin\/invoices\/:id/, (d) => d.invoiceId],
  // The serial numbers sold on an invoice (issue 22): serial-numbers.service.ts answers 404.
  [/^\/api\/(admin\/companies\/:companyId\/)?invoices\/:id\/serial_numbers/, (d) => d.invoiceId],
  [/^\/api\/admin\/companies\/:companyId\/invoices\/:id\/e_way_bill/, (d) => d.invoiceId],
  [/^\/api\/admin\/companies\/:companyId\/delivery_challans\/:id\/e_way_bill/, (d) => d.challanId],
  [/^\/api\/admin\/companies\/:companyId\/inventory_transfers\/:id\/e_way_bill/, (d) => d.transferId],
  [/^\/api\/admin\/shipments\/:id/, (d) => d.shipmentId],
  [/^\/api\/admin\/(order_)?payments\/:id/, (d) => d.paymentId],
  [/^\/api\/admin\/refunds\/:id/, (d) => d.refundId],
  [/^\/api\/admin\/sales_returns\/:id/, (d) => d.salesReturnId],
  [/^\/api\/admin\/credit_notes\/:id/, (d) => d.creditNoteId],
  [/^\/api\/admin\/delivery_challans\/:id/, (d) => d.challanId],
  [/^\/api\/admin\/bills\/:id/, (d) => d.billId],
  [/^\/api\/admin\/purchase_orders\/:id/, (d) => d.purchaseOrderId],
  [/^\/api\/admin\/payments_made\/:id/, (d) => d.paymentMadeId],
  [/^\/api\/admin\/purchase_returns\/:id/, (d) => d.purchaseReturnId],
  [/^\/api\/admin\/debit_notes\/:id/, (d) => d.debitNoteId],
  [/^\/api\/inventory_adjustments\/:id/, (d) => d.adjustmentId],
  [/^\/api\/inventory_transfers\/:id/, (d) => d.transferId],
  [/^\/api\/(admin\/)?warehouses\/:id/, (d) => d.warehouseId],
  [/^\/api\/warehouse_buyers\/:id/, (d) => d.warehouseBuyerId],
  [/^\/api\/(v\d\/)?branches\/:id/, (d) => d.branchId],
  [/^\/api\/v\d\/bank_accounts\/:id/, (d) => d.bankAccountId],
  [/^\/api\/(v\d\/)?(admin\/)?accounts\/:id/, (d) => d.accountId],
  [/^\/api\/addresses\/:id/, (d) => d.addressId],
  [/^\/api\/stores\/:id/, (d) => d.storeId],
];

/** Routes with an `:id` that is not a branch-owned row, and why. */
const NOT_BRANCH_OWNED: [RegExp, string][] = [
  [/^\/api\/users\/:id/, 'users: company staff, managed by user permissions'],
  [/^\/api\/roles\/:id/, 'roles are company-wide'],
  [/^\/api\/company_configurations\/:id/, 'company configuration is company-wide'],
  [
    /^\/api\/notification_contacts\/:id/,
    'company notification contacts (branch ones go through branches/{id})',
  ],
  [/^\/api\/companies\/:companyId\/(taxes|payment_methods)\/:id/, 'reference data of the company'],
  [
    /^\/api\/(categories|brands|products|grouped_products|product_collections|product_groups|attributes|variant_groups)\/:id/,
    'the catalogue is company-wide (stock rows under a product are filtered by branch)',
  ],
  [
    /^\/api\/(v\d\/)?(admin\/)?(companies\/:companyId\/)?buyers\/:id/,
    'buyers are company-wide (their open invoices are filtered by branch)',
  ],
  [/^\/api\/(v\d\/)?buyer_groups\/:id/, 'buyer groups are company-wide'],
  [/^\/api\/(v\d\/)?sellers\/:id/, 'sellers are company-wide'],
  [
    /^\/api\/admin\/sellers\/:id\/ledger/,
    'sellers are company-wide (their ledger entries are filtered by branch)',
  ],
  [
    /^\/api\/admin\/contra_adjustments\/:id/,
    "contra adjustments: the service answers 404 outside the invoice's branch (contra-adjustments.service.ts)",
  ],
  [/^\/api\/offers\/:id/, 'offers are company-wide'],
  [/^\/api\/sales_channels\/:id/, 'sales channels (their credentials and cart window) are company-wide'],
  [/^\/api\/referrals\/:id/, 'referrals are company-wide (between buyers, who are company-wide)'],
  [/^\/api\/v1\/admin\/templates\/:id/, 'message templates are company-wide (marketing, issue 23)'],
  [/^\/api\/contacts\/:id/, 'contacts are company-wide (marketing, issue 23), like the buyers they follow'],
  [/^\/api\/contact_lists\/:id/, 'contact lists are company-wide (marketing, issue 23)'],
  [
    /^\/api\/v1\/admin\/recurring_campaigns\/:id/,
    'recurring campaigns are company-wide (marketing, issue 23)',
  ],
  [/^\/api\/bulk_jobs\/:id/, "bulk jobs are the company's (the import centre lists them all)"],
  [/^\/api\/admin\/campaigns\/:id/, 'campaigns are company-wide (marketing, issue 23)'],
  [/^\/api\/admin\/short_links\/:id/, "short links are the company's (marketing, issue 24)"],
  [
    /^\/api\/admin\/whatsapp_conversations\/:id/,
    "WhatsApp conversations are the company's (marketing, issue 24)",
  ],
  [
    /^\/api\/admin\/feedback_(forms|requests)\/:id/,
    "customer feedback is the company's (marketing, issue 24)",
  ],
  [/^\/api\/admin\/ads_accounts\/:id/, "ad accounts are the company's (product ads, issue 25)"],
  [/^\/api\/admin\/shipping_rules\/:id/, "shipping charge rules are the company's settings (issue 26)"],
  [/^\/api\/courier_accounts\/:id/, "courier accounts are the company's settings (issue 26)"],
  [
    /^\/api\/admin\/leads\/:id/,
    'leads are company-wide, narrowed by sales person, not branch (view_lead: own; view_all_leads: all)',
  ],
  [
    /^\/api\/admin\/bids\/:id/,
    "bids: the service answers 404 outside the quotation's branch (bids.service.ts lockPendingBid)",
  ],
  [
    /^\/api\/admin\/companies\/:companyId\/serial_numbers\/:id/,
    "a serial's trace: the service answers 404 outside the warehouses of the user's branches (serial-numbers.service.ts)",
  ],
  [
    /^\/api\/admin\/companies\/:companyId\/products\/:id\/serial_numbers/,
    'the catalogue is company-wide (the warehouse asked for must be of one of the user’s branches: 403)',
  ],
  [
    /^\/api\/admin\/companies\/:companyId\/gst_returns\/filed_periods\/:id/,
    "a GSTIN's filed period: the service answers 404 outside the user's branches' GSTINs (gstr3b.service.ts)",
  ],
];

/** Lists with what they hold: a path (under the company) and the ids of the rows of one branch. */
type ListCheck = [
  path: (c: number, d: Documents) => string,
  ids: (body: any) => number[],
  of: (d: Documents) => number,
];
const resultIds = (body: any) => (body.results as { id: number }[]).map((r) => r.id);
const LISTS: ListCheck[] = [
  [(c) => `admin/companies/${c}/orders?limit=-1`, resultIds, (d) => d.orderId],
  [(c) => `admin/companies/${c}/quotations?limit=-1`, resultIds, (d) => d.quotationId],
  [(c) => `admin/companies/${c}/invoices?limit=-1`, resultIds, (d) => d.invoiceId],
  [(c) => `admin/companies/${c}/shipments?limit=-1`, resultIds, (d) => d.shipmentId],
  [(c) => `admin/companies/${c}/sales_returns?limit=-1`, resultIds, (d) => d.salesReturnId],
  [(c) => `admin/companies/${c}/credit_notes?limit=-1`, resultIds, (d) => d.creditNoteId],
  [(c) => `admin/companies/${c}/delivery_challans?limit=-1`, resultIds, (d) => d.challanId],
  [(c) => `admin/companies/${c}/bills?limit=-1`, resultIds, (d) => d.billId],
  [(c) => `admin/companies/${c}/purchase_orders?limit=-1`, resultIds, (d) => d.purchaseOrderId],
  [(c) => `admin/companies/${c}/payments_made?limit=-1`, resultIds, (d) => d.paymentMadeId],
  [(c) => `admin/companies/${c}/purchase_returns?limit=-1`, resultIds, (d) => d.purchaseReturnId],
  [(c) => `admin/companies/${c}/debit_notes?limit=-1`, resultIds, (d) => d.debitNoteId],
  [(c) => `admin/companies/${c}/payments?limit=-1`, resultIds, (d) => d.paymentId],
  [(c) => `admin/companies/${c}/refunds?limit=-1`, resultIds, (d) => d.refundId],
  [
    (c) => `admin/companies/${c}/payments_to_be_received?limit=-1`,
    (body) => body.results.flatMap((r: { invoices: { id: number }[] }) => r.invoices.map((i) => i.id)),
    (d) => d.invoiceId,
  ],
  [(c, d) => `admin/companies/${c}/buyers/${d.buyerId}/open_invoices`, resultIds, (d) => d.invoiceId],
  [
    (c) => `admin/companies/${c}/transactions?limit=-1`,
    (body) => body.results.flatMap((r: { branch: { id: number } | null }) => (r.branch ? [r.branch.id] : [])),
    (d) => d.branchId,
  ],
  [(c) => `companies/${c}/inventory_adjustments?limit=-1`, resultIds, (d) => d.adjustmentId],
  [(c) => `companies/${c}/inventory_transfers?limit=-1`, resultIds, (d) => d.transferId],
  [(c) => `companies/${c}/warehouses?limit=-1`, resultIds, (d) => d.warehouseId],
  [(c) => `companies/${c}/branches?limit=-1`, resultIds, (d) => d.branchId],
  [(c) => `companies/${c}/stores`, resultIds, (d) => d.storeId],
  [(c) => `v1/companies/${c}/bank_accounts?limit=-1`, resultIds, (d) => d.bankAccountId],
  [(c) => `admin/companies/${c}/accounts?limit=-1`, resultIds, (d) => d.accountId],
  [(c) => `companies/${c}/accounts?limit=-1`, resultIds, (d) => d.accountId],
  [
    (c) => `admin/companies/${c}/reports/inventory_age?limit=-1`,
    (body) => body.results.map((r: { warehouse_id: number }) => r.warehouse_id),
    (d) => d.warehouseId,
  ],
  [
    (c) => `admin/companies/${c}/reports/under_over_stocking?limit=-1&stock=overstock&days=30`,
    (body) => body.results.map((r: { product_id: number }) => r.product_id),
    (d) => d.idleProductId,
  ],
  [
    (_c, d) => `products/${d.productId}/stock_movements?limit=-1`,
    (body) => body.results.map((r: { warehouse: { id: number } }) => r.warehouse.id),
    (d) => d.warehouseId,
  ],
  [
    (_c, d) => `products/${d.productId}/batches`,
    (body) => body.unbatched.map((r: { warehouse: { id: number } }) => r.warehouse.id),
    (d) => d.warehouseId,
  ],
  [
    (c) => `admin/companies/${c}/instore/counter`,
    (body) => body.warehouses.map((w: { id: number }) => w.id),
    (d) => d.warehouseId,
  ],
];

async function world() {
  const company = await signUpCompany();
  const mainWarehouse = await firstWarehouse(company);
  const mineSpare = await createWarehouse(company);
  const branch = await createBranch(company, `Nashik ${unique()}`);
  const theirWarehouse = await createWarehouse(company, { branchId: branch.id });
  const theirSpare = await createWarehouse(company, { branchId: branch.id });
  const mine = await documentsIn(company, company.branchId, mainWarehouse.id, mineSpare.id);
  const theirs = await documentsIn(company, branch.id, theirWarehouse.id, theirSpare.id);
  const staff = await createUserWithPermissions(company, [...ALL_PERMISSIONS]);
  return { company, mine, theirs, staff };
}

describe('branch scoping', () => {
  it('refuses every route naming another branch’s document, and lists only the user’s branches', async () => {
    const { company, mine, theirs, staff } = await world();
    const c = company.companyId;

    const snapshot = async () => ({
      order: (await company.api.get(`admin/orders/${theirs.orderId}`)).body,
      invoice: (await company.api.get(`admin/invoices/${theirs.invoiceId}`)).body,
      transfer: (await company.api.get(`inventory_transfers/${theirs.transferId}`)).body,
      warehouse: (await company.api.get(`warehouses/${theirs.warehouseId}`)).body,
      branch: (await company.api.get(`branches/${theirs.branchId}?expand=addresses`)).body,
    });
    const before = await snapshot();

    // Every route naming a branch-owned row: the other branch's id does not exist for the user.
    const routes = company.t.server.app.routeTable.filter((r) => !r.public && r.url.includes(':id'));
    const unclassified: string[] = [];
    const failures: string[] = [];
    let visited = 0;
    for (const route of routes) {
      const owned = BRANCH_OWNED.find(([pattern]) => pattern.test(route.url));
      if (!owned) {
        if (!NOT_BRANCH_OWNED.some(([pattern]) => pattern.test(route.url))) {
          unclassified.push(`${route.method} ${route.url}`);
        }
        continue;
      }
      const path = route.url
        .replace(':companyId', String(c))
        .replace(':id', String(owned[1](theirs)))
        .replace(':contactId', String(theirs.contactId))
        .replace(':applicationId', '1')
        .replace(':fileId', '1')
        .replace(/^\/api\//, '');
      const body =
        REACHING_BODIES[`${route.method} ${route.url}`] ?? (route.method === 'GET' ? undefined : {});
      const res = await staff.api.request(route.method, path, body);
      visited++;
      if (res.status !== 404) {
        failures.push(
          `${route.method} ${route.url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`,
        );
      }
    }
    expect(unclassified).toEqual([]);
    expect(failures).toEqual([]);
    expect(visited).toBeGreaterThan(100);

    // The other branch's documents are untouched by the attempts.
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(before.transfer.status).toBe('draft');
    expect(before.order.comments).toEqual([]);

    // Lists hold the user's branch only; a Company Admin's hold both.
    for (const [pathOf, idsOf, idOf] of LISTS) {
      const staffRes = await staff.api.get(pathOf(c, theirs));
      const adminRes = await company.api.get(pathOf(c, theirs));
      const mineRes = await staff.api.get(pathOf(c, mine));
      const label = pathOf(c, theirs);
      expect(staffRes.status, label).toBe(200);
      expect(idsOf(staffRes.body), label).not.toContain(idOf(theirs));
      expect(idsOf(adminRes.body), label).toContain(idOf(theirs));
      expect(idsOf(mineRes.body), label).toContain(idOf(mine));
    }
    const invoicesCsv = await staff.api.get(`admin/companies/${c}/invoices_export`);
    expect(invoicesCsv.body).toContain(mine.invoiceNumber);
    expect(invoicesCsv.body).not.toContain(theirs.invoiceNumber);
    const ordersCsv = await staff.api.get('admin/reports/order_details_report');
    expect(ordersCsv.body).toContain(mine.orderNumber);
    expect(ordersCsv.body).not.toContain(theirs.orderNumber);
  }, 180_000);

  it('refuses to make documents in another branch (403) and works in the user’s own', async () => {
    const { company, mine, theirs, staff } = await world();
    const c = company.companyId;
    const buyer = await createBuyerWithAddress(company);
    const forbidden = async (res: { status: number; body: any }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.detail).toBe(BRANCH_FORBIDDEN);
    };
    const quotation = (branch: number, warehouse: number) => ({
      buyer: buyer.id,
      branch,
      billing_address: buyer.billingAddressId,
      shipping_address: buyer.shippingAddressId,
      items: [{ product: mine.productId, quantity: 1, warehouse }],
    });
    await forbidden(
      await staff.api.post(
        `admin/companies/${c}/generate_quotation`,
        quotation(theirs.branchId, mine.warehouseId),
      ),
    );
    await forbidden(
      await staff.api.post(
        `admin/companies/${c}/generate_quotation`,
        quotation(mine.branchId, theirs.warehouseId),
      ),
    );
    // An order placed in one step (issue 18) is held to the same branches.
    await forbidden(
      await staff.api.post(
        `admin/companies/${c}/generate_order`,
        quotation(theirs.branchId, mine.warehouseId),
      ),
    );
    await forbidden(
      await staff.api.post(
        `admin/companies/${c}/generate_order`,
        quotation(mine.branchId, theirs.warehouseId),
      ),
    );
    await forbidden(
      await staff.api.post(`admin/companies/${c}/edit_quotation`, {
        ...quotation(mine.branchId, mine.warehouseId),
        id: theirs.quotationId,
      }),
    );
    await forbidden(
      await staff.api.post(`admin/companies/${c}/payments`, {
        buyer: buyer.id,
        branch: theirs.branchId,
        amount: 5,
      }),
    );
    await forbidden(
      await staff.api.post(`admin/companies/${c}/payments`, {
        buyer: theirs.buyerId,
        branch: mine.branchId,
        amount: 5,
        allocations: [{ invoice: theirs.invoiceId, amount: 5 }],
      }),
    );
    await forbidden(
      await staff.api.post(`admin/companies/${c}/refunds`, { payment: theirs.paymentId, amount: 1 }),
    );
    await forbidden(
      await staff.api.post(`admin/companies/${c}/delivery_challans`, {
        purpose: 'job_work',
        warehouse: theirs.warehouseId,
        buyer: buyer.id,
        items: [{ product: theirs.productId, quantity: 1 }],
      }),
    );
    await forbidden(
      await staff.api.post(`companies/${c}/inventory_adjustments`, {
        warehouse: theirs.warehouseId,
        reason: 'extra_inventory_found',
        lines: [{ product: theirs.productId, quantity: 1 }],
      }),
    );
    await forbidden(
      await staff.api.post(`companies/${c}/inventory_transfers`, {
        source_warehouse: theirs.warehouseId,
        destination_warehouse: mine.warehouseId,
        lines: [{ product: theirs.productId, quantity: 1 }],
      }),
    );
    await forbidden(
      await staff.api.get(
        `admin/companies/${c}/instore/product_lookup?code=X&warehouse=${theirs.warehouseId}`,
      ),
    );
    const adjustments = await dbOf(company)
      .selectFrom('inventory_adjustments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', c)
      .executeTakeFirstOrThrow();
    expect(Number(adjustments.n)).toBe(2);

    // A payment without a branch pays the buyer's open invoices of the user's branches only, and is
    // the user's branch's.
    const dueBefore = (await company.api.get(`admin/invoices/${theirs.invoiceId}`)).body.amount_due;
    const unplaced = await staff.api.post(`admin/companies/${c}/payments`, {
      buyer: theirs.buyerId,
      amount: 5,
    });
    expect(unplaced.status, JSON.stringify(unplaced.body)).toBe(201);
    expect(unplaced.body.branch.id).toBe(mine.branchId);
    // ...nor may the user's money settle the other branch's invoice by hand.
    await forbidden(
      await staff.api.post(`admin/payments/${unplaced.body.id}/allocate`, {
        allocations: [{ invoice: theirs.invoiceId, amount: 1 }],
      }),
    );
    expect((await company.api.get(`admin/invoices/${theirs.invoiceId}`)).body.amount_due).toBe(dueBefore);

    // The user's own branch works as before.
    const own = await staff.api.post(
      `admin/companies/${c}/generate_quotation`,
      quotation(mine.branchId, mine.warehouseId),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.branch.id).toBe(mine.branchId);
    const ordered = await staff.api.post(`admin/quotations/${own.body.id}/generate_order/`, {});
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    expect((await staff.api.get(`admin/orders/${ordered.body.id}`)).body.branch.id).toBe(mine.branchId);
    expect((await staff.api.get(`admin/invoices/${mine.invoiceId}`)).status).toBe(200);
    expect((await staff.api.get(`branches/${mine.branchId}`)).status).toBe(200);
    const adjusted = await staff.api.post(`companies/${c}/inventory_adjustments`, {
      warehouse: mine.warehouseId,
      reason: 'extra_inventory_found',
      lines: [{ product: mine.productId, quantity: 1 }],
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    // A transfer to another branch: the sending branch makes and dispatches it.
    const outgoing = await staff.api.post(`companies/${c}/inventory_transfers`, {
      source_warehouse: mine.warehouseId,
      destination_warehouse: theirs.warehouseId,
      lines: [{ product: mine.productId, quantity: 1 }],
    });
    expect(outgoing.status, JSON.stringify(outgoing.body)).toBe(201);
    expect((await staff.api.post(`inventory_transfers/${outgoing.body.id}/dispatch`)).status).toBe(200);
    // ...and may not receive it: receiving is the destination branch's.
    const line = outgoing.body.lines[0].id;
    await forbidden(
      await staff.api.post(`inventory_transfers/${outgoing.body.id}/receive`, {
        lines: [{ line, quantity: 1 }],
      }),
    );
  });

  it('offers a credit note only the open invoices of the user’s branches', async () => {
    const { company, mine, theirs, staff } = await world();
    // The first branch's buyer also owes the second branch.
    const { order } = await createOrder(company, {
      buyer: mine.buyer,
      lines: [{ product: theirs.productId, quantity: 1, warehouse: theirs.warehouseId }],
      fields: { branch: theirs.branchId },
      confirm: true,
    });
    const owed = await company.api.post(`admin/orders/${order.id}/generate_invoice/`, {
      items: [{ order_item: order.order_items[0].id, quantity: 1 }],
    });
    expect(owed.status, JSON.stringify(owed.body)).toBe(201);
    const path = `admin/credit_notes/${mine.creditNoteId}/open_invoices`;
    expect(resultIds((await company.api.get(path)).body)).toContain(owed.body.id);
    const offered = resultIds((await staff.api.get(path)).body);
    expect(offered).toContain(mine.invoiceId);
    expect(offered).not.toContain(owed.body.id);
  });

  it('lets the receiving branch see and receive a transfer, but not change or cancel it', async () => {
    const { company, mine, theirs, staff } = await world();
    const incoming = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: theirs.warehouseId,
      destination_warehouse: mine.warehouseId,
      lines: [{ product: theirs.productId, quantity: 2 }],
    });
    expect(incoming.status, JSON.stringify(incoming.body)).toBe(201);
    const id = incoming.body.id;
    expect((await staff.api.get(`inventory_transfers/${id}`)).body.status).toBe('draft');
    const listed = await staff.api.get(`companies/${company.companyId}/inventory_transfers?limit=-1`);
    expect(resultIds(listed.body)).toContain(id);
    for (const [method, path] of [
      ['POST', `inventory_transfers/${id}/dispatch`],
      ['POST', `inventory_transfers/${id}/cancel`],
      ['PATCH', `inventory_transfers/${id}`],
    ] as const) {
      const res = await staff.api.request(
        method,
        path,
        method === 'PATCH' ? { notes: 'Mine now' } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toBe(BRANCH_FORBIDDEN);
    }
    expect((await company.api.post(`inventory_transfers/${id}/dispatch`)).status).toBe(200);
    const line = incoming.body.lines[0].id;
    const received = await staff.api.post(`inventory_transfers/${id}/receive`, {
      lines: [{ line, quantity: 2 }],
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.status).toBe('received');
  });

  it('shows a user with no branch nothing branch-owned', async () => {
    const { company, staff } = await world();
    await dbOf(company)
      .deleteFrom('user_branches')
      .where('company_id', '=', company.companyId)
      .where('user_id', '=', staff.user.id)
      .execute();
    forgetPrincipals(company.companyId);
    const c = company.companyId;
    for (const path of [
      `admin/companies/${c}/orders`,
      `admin/companies/${c}/invoices`,
      `admin/companies/${c}/payments`,
      `companies/${c}/warehouses`,
      `companies/${c}/branches`,
      `companies/${c}/inventory_transfers`,
    ]) {
      const res = await staff.api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.count, path).toBe(0);
    }
  });

  it('needs view_branch for a branch’s record', async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_order']);
    const res = await clerk.api.get(`branches/${company.branchId}`);
    expect(res.status).toBe(403);
    const lister = await clerk.api.get(`companies/${company.companyId}/branches`);
    expect(lister.body.results.map((b: { id: number }) => b.id)).toEqual([company.branchId]);
  });
});
