import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { BRANCH_FORBIDDEN, branchScope } from '../core/principal.ts';
import { type BranchOwned, branchOf } from '../db/branch-scope.ts';

/**
 * Branch scoping of single rows, for every route at once (spec 2: a user acts only on the
 * branches assigned to them; a Company Admin on all). Lists filter by `branchScope` in their own
 * queries; this guard checks the ids a request names before its handler runs:
 *
 * - an id in the path (`admin/orders/{id}/confirm`) of another branch's row answers 404 with the
 *   row's own "Not Found" sentence: for this user the document does not exist, exactly as another
 *   company's ids (it leaks nothing, not even that the id is taken);
 * - an id in the body or query (`warehouse`, `branch`, `allocations[].invoice`) naming another
 *   branch answers 403 'You do not have permissions to act on this branch.': the user chose it.
 *
 * A row that does not exist passes, so the handler answers its usual 404 or 400.
 */

interface PathRule {
  /** The route path (without /api) the rule covers, as Fastify names it. */
  url: RegExp;
  /** The user must see the row's branch through one of these (a transfer: either end). */
  see: BranchOwned[];
  /** ...and, to write (any method but GET), act on this one, else 403 (receiving a transfer needs its destination). */
  act?: BranchOwned;
  notFound: string;
}

const TRANSFER_NOT_FOUND = 'Inventory Transfer Not Found';
const TRANSFER_ENDS: BranchOwned[] = ['inventory_transfer_source', 'inventory_transfer_destination'];

/** First match wins. A route naming a branch-owned id that is not matched here is unguarded. */
const PATH_RULES: PathRule[] = [
  { url: /^\/(v\d\/)?(admin\/)?quotations\/:id/, see: ['quotation'], notFound: 'Quotation Not Found' },
  { url: /^\/(v\d\/)?admin\/orders\/:id/, see: ['sales_order'], notFound: 'Order Not Found' },
  { url: /^\/admin\/invoices\/:id/, see: ['invoice'], notFound: 'Invoice Not Found' },
  // E-way bills follow their document (issue 22).
  {
    url: /^\/admin\/companies\/:companyId\/invoices\/:id\/e_way_bill/,
    see: ['invoice'],
    notFound: 'Invoice Not Found',
  },
  {
    url: /^\/admin\/companies\/:companyId\/delivery_challans\/:id\/e_way_bill/,
    see: ['delivery_challan'],
    notFound: 'Delivery Challan Not Found',
  },
  {
    url: /^\/admin\/companies\/:companyId\/inventory_transfers\/:id\/e_way_bill/,
    see: TRANSFER_ENDS,
    act: 'inventory_transfer_source',
    notFound: TRANSFER_NOT_FOUND,
  },
  { url: /^\/admin\/shipments\/:id/, see: ['shipment'], notFound: 'Shipment Not Found' },
  { url: /^\/admin\/(order_)?payments\/:id/, see: ['payment'], notFound: 'Payment Not Found' },
  { url: /^\/admin\/refunds\/:id/, see: ['refund'], notFound: 'Refund Not Found' },
  { url: /^\/admin\/sales_returns\/:id/, see: ['sales_return'], notFound: 'Sales Return Not Found' },
  { url: /^\/admin\/credit_notes\/:id/, see: ['credit_note'], notFound: 'Credit Note Not Found' },
  {
    url: /^\/admin\/delivery_challans\/:id/,
    see: ['delivery_challan'],
    notFound: 'Delivery Challan Not Found',
  },
  { url: /^\/admin\/bills\/:id/, see: ['bill'], notFound: 'Bill Not Found' },
  {
    url: /^\/inventory_adjustments\/:id/,
    see: ['inventory_adjustment'],
    notFound: 'Inventory Adjustment Not Found',
  },
  // A transfer is seen from both ends (the receiving branch must see what is coming); the sending
  // branch changes, dispatches and cancels it, the receiving branch receives it.
  {
    url: /^\/inventory_transfers\/:id\/receive$/,
    see: TRANSFER_ENDS,
    act: 'inventory_transfer_destination',
    notFound: TRANSFER_NOT_FOUND,
  },
  {
    url: /^\/inventory_transfers\/:id/,
    see: TRANSFER_ENDS,
    act: 'inventory_transfer_source',
    notFound: TRANSFER_NOT_FOUND,
  },
  { url: /^\/(admin\/)?warehouses\/:id/, see: ['warehouse'], notFound: 'Warehouse Not Found' },
  { url: /^\/stores\/:id/, see: ['store'], notFound: 'Store Not Found' },
  { url: /^\/warehouse_buyers\/:id/, see: ['warehouse_buyer'], notFound: 'Warehouse Buyer Not Found' },
  { url: /^\/(v\d\/)?branches\/:id/, see: ['branch'], notFound: 'Branch Not Found' },
  { url: /^\/v\d\/bank_accounts\/:id/, see: ['bank_account'], notFound: 'Bank Account Not Found' },
  { url: /^\/(v\d\/)?(admin\/)?accounts\/:id/, see: ['account'], notFound: 'Account Not Found' },
  { url: /^\/addresses\/:id/, see: ['address'], notFound: 'Address Not Found' },
];

/** Ids in a body or query string: `field` or `list[].field`, with the kind of row they name. */
type FieldRules = Record<string, BranchOwned>;

const BODY_RULES: Record<string, FieldRules> = {
  'POST /admin/companies/:companyId/generate_quotation': {
    branch: 'branch',
    'items[].warehouse': 'warehouse',
  },
  // An order placed in one step names its branch and warehouses as a quotation does.
  'POST /admin/companies/:companyId/generate_order': {
    branch: 'branch',
    'items[].warehouse': 'warehouse',
  },
  'POST /admin/companies/:companyId/edit_quotation': {
    id: 'quotation',
    branch: 'branch',
    'items[].warehouse': 'warehouse',
  },
  'POST /admin/companies/:companyId/instore_orders': { warehouse: 'warehouse', store: 'store' },
  // A store is its branch's, and sells from a warehouse of that branch (issue 26).
  'POST /companies/:companyId/stores': { branch: 'branch', warehouse: 'warehouse' },
  'PATCH /stores/:id': { branch: 'branch', warehouse: 'warehouse' },
  'POST /admin/companies/:companyId/payments': {
    branch: 'branch',
    order: 'sales_order',
    'allocations[].invoice': 'invoice',
  },
  'POST /admin/companies/:companyId/refunds': { payment: 'payment' },
  // Money of the user's branch settles invoices of the user's branches only.
  'POST /admin/payments/:id/allocate': { 'allocations[].invoice': 'invoice' },
  'POST /admin/credit_notes/:id/apply': { 'applications[].invoice': 'invoice' },
  'POST /admin/companies/:companyId/transactions': { branch: 'branch' },
  // A challan or transfer is the sending branch's; the goods may go to any branch's warehouse.
  'POST /admin/companies/:companyId/delivery_challans': { warehouse: 'warehouse' },
  // A bill is its branch's; its goods come into one of that branch's warehouses.
  'POST /admin/companies/:companyId/bills': { branch: 'branch', warehouse: 'warehouse' },
  'PATCH /admin/bills/:id': { branch: 'branch', warehouse: 'warehouse' },
  'POST /companies/:companyId/inventory_adjustments': { warehouse: 'warehouse' },
  'POST /companies/:companyId/inventory_transfers': { source_warehouse: 'warehouse' },
  'PATCH /inventory_transfers/:id': { source_warehouse: 'warehouse' },
};

const QUERY_RULES: Record<string, FieldRules> = {
  'GET /admin/companies/:companyId/instore/product_lookup': { warehouse: 'warehouse' },
  'GET /admin/companies/:companyId/instore/products': { warehouse: 'warehouse' },
};

function routeOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/^\/api/, '');
}

/** The path rule of a route (`/admin/orders/:id/confirm`), if its id is a branch-owned row. */
export function pathRuleOf(url: string): PathRule | undefined {
  return PATH_RULES.find((rule) => rule.url.test(url));
}

/** The body and query fields of a route that name branch-owned rows. */
export function fieldRulesOf(method: string, url: string): { body?: FieldRules; query?: FieldRules } {
  return { body: BODY_RULES[`${method} ${url}`], query: QUERY_RULES[`${method} ${url}`] };
}

function idsAt(source: unknown, path: string): number[] {
  const [list, field] = path.split('[].');
  if (field === undefined) {
    const value = (source as Record<string, unknown> | undefined)?.[path];
    return typeof value === 'number' ? [value] : [];
  }
  const items = (source as Record<string, unknown> | undefined)?.[list ?? ''];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => idsAt(item, field));
}

/** preHandler (after validation: ids are numbers): the branch checks of the route, if any. */
export async function guardBranches(request: FastifyRequest): Promise<void> {
  const principal = request.principal;
  const scope = principal ? branchScope(principal) : null;
  if (!principal || !scope) return;
  const url = routeOf(request);
  const db = request.server.ctx.db;
  const within = async (kind: BranchOwned, id: number) => {
    const branchId = await branchOf(db, principal.companyId, kind, id);
    return branchId === undefined || branchId === null || scope.includes(branchId);
  };

  const id = (request.params as Record<string, unknown> | undefined)?.id;
  const rule = typeof id === 'number' || typeof id === 'string' ? pathRuleOf(url) : undefined;
  if (rule) {
    const rowId = Number(id);
    let seen = false;
    for (const kind of rule.see) {
      if (await within(kind, rowId)) {
        seen = true;
        break;
      }
    }
    if (!seen) throw new AppError('not_found', rule.notFound);
    if (rule.act && request.method !== 'GET' && !(await within(rule.act, rowId)))
      throw new AppError('permission_denied', BRANCH_FORBIDDEN);
  }

  const { body, query } = fieldRulesOf(request.method, url);
  for (const [rules, source] of [
    [body, request.body],
    [query, request.query],
  ] as const) {
    for (const [path, kind] of Object.entries(rules ?? {})) {
      for (const fieldId of idsAt(source, path)) {
        if (!(await within(kind, fieldId))) throw new AppError('permission_denied', BRANCH_FORBIDDEN);
      }
    }
  }
}
