// Creates N buyers (default 50,000) in one company through the API's own database code: no HTTP
// calls, a few set-based statements.
//
//   node scripts/generate-buyers.mjs [N]                   embedded database in DATA_DIR (default ./data)
//   DATABASE_URL=postgres://... node scripts/generate-buyers.mjs 50000
//   COMPANY_ID=7 ...                                       another company than the first (the demo company)
//
// The app must not be running on the same DATA_DIR (the embedded database is one process).
// Each buyer gets a business name, a contact, a unique phone and e-mail, a valid GSTIN of its
// billing state (Maharashtra or Karnataka; one in ten is an unregistered business without one), a
// billing address, every active sales channel, and a ledger as the API would write it: an
// opening balance for two in three, a debit adjustment and two payments for half of them, with
// running balances and the outstanding kept by the same rule as postBuyerLedgerEntry. One buyer in
// four holds cashpoints.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register();
const server = (file) => import(pathToFileURL(path.join(root, 'packages/server/src', file)).href);
const { openDatabase } = await server('db/database.ts');
const { migrateToLatest } = await server('db/migrate.ts');
const { computeGstinCheckChar } = await import(
  pathToFileURL(path.join(root, 'packages/domain/src/gstin.ts')).href
);
const { sql } = await import('kysely');

const count = Number(process.argv[2] ?? process.env.N ?? 50_000);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('Usage: node scripts/generate-buyers.mjs [N]   (1 to 2,000,000 buyers)');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));

const started = performance.now();
const database = await openDatabase({ url: databaseUrl, dataDir: `${dataDir}/db` });
const { db } = database;
await migrateToLatest(db);

const company = process.env.COMPANY_ID
  ? await db
      .selectFrom('companies')
      .select('id')
      .where('id', '=', Number(process.env.COMPANY_ID))
      .executeTakeFirst()
  : await db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirst();
if (!company) {
  console.error('No company found: start the app once (it creates the demo company) or set COMPANY_ID.');
  await database.close();
  process.exit(1);
}
const companyId = company.id;

const SURNAMES = [
  'Sharma',
  'Patil',
  'Kulkarni',
  'Deshmukh',
  'Joshi',
  'Reddy',
  'Iyer',
  'Nair',
  'Gupta',
  'Agarwal',
  'Mehta',
  'Shah',
  'Rao',
  'Naidu',
  'Pawar',
  'Jadhav',
  'Bhat',
  'Hegde',
  'Shetty',
  'Kamath',
];
const TRADES = [
  'Traders',
  'Hardware',
  'Enterprises',
  'Agencies',
  'Distributors',
  'Stores',
  'Electricals',
  'Industries',
  'Suppliers',
  'Marketing',
  'Sales Corporation',
  'Wholesale',
];
const FIRST_NAMES = [
  'Ravi',
  'Anil',
  'Meena',
  'Sunita',
  'Vikram',
  'Priya',
  'Suresh',
  'Kavita',
  'Arjun',
  'Lakshmi',
];
const CITIES = [
  { city: 'Pune', state: 27, pincode: '411001' },
  { city: 'Mumbai', state: 27, pincode: '400001' },
  { city: 'Nagpur', state: 27, pincode: '440001' },
  { city: 'Bengaluru', state: 29, pincode: '560001' },
  { city: 'Mysuru', state: 29, pincode: '570001' },
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// Numbers continue after the buyers already there, so the script can run again.
const { base } = await sql`SELECT coalesce(max(id), 0) AS base FROM buyers`
  .execute(db)
  .then((r) => r.rows[0]);

/** A PAN-shaped, unique-per-n body and its GSTIN for the state. */
function gstinOf(n, state) {
  const letters = (k) => LETTERS[Math.floor(n / 26 ** k) % 26];
  const pan = `${letters(3)}${letters(2)}C${letters(1)}${letters(0)}${String(n % 10_000).padStart(4, '0')}${LETTERS[Math.floor(n / 10_000) % 26]}`;
  const first14 = `${String(state).padStart(2, '0')}${pan}1Z`;
  return first14 + computeGstinCheckChar(first14);
}

function buyerRow(i) {
  const n = Number(base) + i;
  const surname = SURNAMES[n % SURNAMES.length];
  const trade = TRADES[Math.floor(n / SURNAMES.length) % TRADES.length];
  const place = CITIES[Math.floor(n / 7) % CITIES.length];
  const unregistered = n % 10 === 0;
  const gst = unregistered ? null : gstinOf(n, place.state);
  return {
    company_id: companyId,
    name: `${surname} ${trade} ${place.city} ${String(n).padStart(6, '0')}`,
    contact_person_name: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${SURNAMES[(n * 7) % SURNAMES.length]}`,
    email: `${surname.toLowerCase()}.${n}@buyers.example.in`,
    phone: `9${String((n * 7_919) % 1_000_000_000).padStart(9, '0')}`,
    gst_number: gst,
    pan: gst ? gst.slice(2, 12) : null,
    buyer_type: unregistered ? 'unregistered' : 'regular',
    credit_limit_paise: n % 3 === 0 ? (50_000 + (n % 20) * 10_000) * 100 : null,
    opening_balance_paise: n % 3 === 2 ? 0 : (1_000 + ((n * 37) % 90_000)) * 100 + (n % 100),
    created_at: new Date(Date.now() - (count - i) * 1000),
    place,
  };
}

const CHUNK = 2_000;
let inserted = 0;
await db.transaction().execute(async (tx) => {
  for (let start = 1; start <= count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start + 1) }, (_, k) => buyerRow(start + k));
    const ids = await tx
      .insertInto('buyers')
      .values(rows.map(({ place: _, ...row }) => ({ ...row, updated_at: row.created_at })))
      .returning('id')
      .execute();
    await tx
      .insertInto('addresses')
      .values(
        ids.map(({ id }, k) => ({
          company_id: companyId,
          owner_type: 'buyer',
          owner_id: id,
          address_type: 'billing_address',
          address_line_1: `${(id % 200) + 1} Station Road`,
          city: rows[k].place.city,
          state_id: rows[k].place.state,
          pincode: rows[k].place.pincode,
        })),
      )
      .execute();
    inserted += ids.length;
  }
  const first = Number(base) + 1;
  // Every active channel for every new buyer.
  await sql`
    INSERT INTO buyer_sales_channels (company_id, buyer_id, sales_channel_id)
    SELECT b.company_id, b.id, sc.id
    FROM buyers b JOIN sales_channels sc ON sc.company_id = b.company_id AND sc.is_active
    WHERE b.company_id = ${companyId} AND b.id >= ${first}`.execute(tx);
  // The ledger: opening balance, then for every other buyer an adjustment and two payments, with
  // the running balance of each line (debits minus credits so far), as the ledger writer keeps it.
  await sql`
    WITH lines AS (
      SELECT b.id AS buyer_id, 1 AS seq, 'opening_balance' AS entry_type, b.opening_balance_paise AS debit, 0::bigint AS credit,
             (b.created_at)::date AS entry_date, NULL::bigint AS payment_method_id
      FROM buyers b WHERE b.company_id = ${companyId} AND b.id >= ${first} AND b.opening_balance_paise <> 0
      UNION ALL
      SELECT b.id, 2, 'debit_adjustment', 25000 + (b.id % 500) * 100, 0, current_date - 20, NULL
      FROM buyers b WHERE b.company_id = ${companyId} AND b.id >= ${first} AND b.id % 2 = 0
      UNION ALL
      SELECT b.id, 3, 'payment', 0, 10000 + (b.id % 300) * 100, current_date - 10, pm.id
      FROM buyers b, LATERAL (SELECT id FROM payment_methods WHERE company_id = ${companyId} ORDER BY position LIMIT 1) pm
      WHERE b.company_id = ${companyId} AND b.id >= ${first} AND b.id % 2 = 0
      UNION ALL
      SELECT b.id, 4, 'payment', 0, 5000 + (b.id % 100) * 100, current_date - 2, pm.id
      FROM buyers b, LATERAL (SELECT id FROM payment_methods WHERE company_id = ${companyId} ORDER BY position LIMIT 1) pm
      WHERE b.company_id = ${companyId} AND b.id >= ${first} AND b.id % 2 = 0
    )
    INSERT INTO buyer_ledger_entries (company_id, buyer_id, entry_date, entry_type, debit_paise, credit_paise,
                                      balance_after_paise, payment_method_id, notes)
    SELECT ${companyId}, buyer_id, entry_date, entry_type, debit, credit,
           sum(debit - credit) OVER (PARTITION BY buyer_id ORDER BY seq), payment_method_id, 'generated'
    FROM lines ORDER BY buyer_id, seq`.execute(tx);
  await sql`
    UPDATE buyers b SET outstanding_paise = t.total
    FROM (SELECT buyer_id, sum(debit_paise - credit_paise) AS total FROM buyer_ledger_entries
          WHERE company_id = ${companyId} AND buyer_id >= ${first} GROUP BY buyer_id) t
    WHERE b.company_id = ${companyId} AND b.id = t.buyer_id`.execute(tx);
  await sql`
    INSERT INTO cashpoint_balances (company_id, buyer_id, sales_channel_id, balance)
    SELECT b.company_id, b.id, sc.id, (b.id % 1000) + 0.5
    FROM buyers b, LATERAL (SELECT id FROM sales_channels WHERE company_id = ${companyId} ORDER BY id LIMIT 1) sc
    WHERE b.company_id = ${companyId} AND b.id >= ${first} AND b.id % 4 = 0`.execute(tx);
});
const insertedAt = performance.now();
// Fresh statistics and a visibility map: the planner sees the new rows.
for (const table of [
  'buyers',
  'addresses',
  'buyer_sales_channels',
  'buyer_ledger_entries',
  'cashpoint_balances',
]) {
  await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
}
const total = await db
  .selectFrom('buyers')
  .select((eb) => eb.fn.countAll().as('n'))
  .where('company_id', '=', companyId)
  .executeTakeFirstOrThrow();
await database.close();

const seconds = (ms) => (ms / 1000).toFixed(1);
console.log(
  `Generated ${inserted.toLocaleString('en-IN')} buyers in company ${companyId} on ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}: ` +
    `insert ${seconds(insertedAt - started)} s, vacuum/analyze ${seconds(performance.now() - insertedAt)} s, ` +
    `total ${seconds(performance.now() - started)} s. The company now has ${Number(total.n).toLocaleString('en-IN')} buyers.`,
);
