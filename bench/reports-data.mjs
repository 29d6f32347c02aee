// The reports bench's company (issue 21): one company trading for the two years ending today, with
// LINES order lines (default 1,000,000) and the documents that go with them, written straight into
// the tables with set-based SQL (INSERT ... SELECT over generate_series and temporary tables) in one
// transaction: the API path would take hours for a million lines.
//
// What it makes (every NOT NULL column, foreign key and total as the app writes them):
// - 3 branches (Pune, Mumbai: Maharashtra; Bengaluru: Karnataka), a warehouse each; 5 sales persons;
//   the company's sales channels (3); 50 categories (10 under the root, 4 under each) and 40 brands
//   (2 ignored for BI); 2,000 products (GST 5/12/18/28%, a cost price; the last 100 never sell);
//   1,500 buyers in 100 cities (a billing address each, which is also where they ship to).
// - Orders of 3..7 lines (5 on average), evenly over the 730 days ending today, most of them for the
//   popular products; each invoiced in full on its day (one invoice), except half of the last
//   fortnight's orders, still confirmed and holding their reservation (committed stock), and 1% whose
//   invoice was cancelled (the order with it).
// - Payments: 85% of invoices paid in full within 40 days, 8% half paid, the rest open (recent
//   invoices mostly open); one payment and its allocation each. Credit notes on 2% of invoices (the
//   first line, in full, applied to the invoice). The buyer ledger (invoice, payment, credit note
//   entries with running balances) and buyers.outstanding_paise.
// - The stock ledger: an opening stock per product and warehouse, a reservation per order line, an
//   issue per invoiced line, a return per line of a cancelled invoice; running balances
//   (balance_after, reserved_after) by the row order, and stock_levels equal to the last of them.
// - sales_lines: the load runs with session_replication_role = replica, which turns off every
//   trigger (the foreign-key checks too: the ids are taken from the tables' own sequences and
//   joined from rows written in the same transaction). Through migration 0052's row triggers each
//   invoice line queries sales_lines_from_documents once: measured on this data, 10,000 invoice
//   items took 9.0 s with the triggers on and 0.64 s with them off, so a million would take a
//   quarter of an hour or more. Instead sales_lines is filled afterwards with one INSERT ... SELECT
//   FROM sales_lines_from_documents, the view the triggers read, so its rows are exactly what the
//   triggers would have written (the run checks nothing is negative or over-settled; the stock
//   levels equal the ledger's last balances). invoice_due_shares (migration 0055) likewise, from
//   invoice_due_shares_from_documents.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { root } from './lib.mjs';

export const COMPANY_NAME = 'Bench Reports Traders';
export const ADMIN_EMAIL = 'admin@bench-reports.example.in';
export const ADMIN_PASSWORD = 'Bench@1234';

register();
const server = (file) => import(pathToFileURL(path.join(root, 'packages/server/src', file)).href);

/** The bench company's id, or null when the database has none (or a half-made one). */
export async function findBenchCompany(pool) {
  try {
    const { rows } = await pool.query(
      `SELECT c.id, (SELECT count(*)::int FROM sales_order_items i WHERE i.company_id = c.id) AS lines
         FROM companies c WHERE c.name = $1 AND c.is_verified`,
      [COMPANY_NAME],
    );
    return rows[0] ?? null;
  } catch {
    return null; // not migrated yet
  }
}

/** Migrates the database, then makes the company and its two years of trade in one transaction. */
export async function generateBenchCompany(pool, { lines = 1_000_000, log = console.log } = {}) {
  await server('db/database.ts'); // pg type parsers
  const { migrateToLatest } = await server('db/migrate.ts');
  const { createCompanyAccount, createBranchWithWarehouse } = await server('modules/auth/signup.ts');
  const { hashPassword } = await server('auth/passwords.ts');
  const { Kysely, PostgresDialect, sql } = await import('kysely');
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  const orders = Math.round(lines / 5);
  const started = performance.now();
  const step = async (label, statement) => {
    const t = performance.now();
    const result = await statement;
    log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };

  const companyId = await db.transaction().execute(async (tx) => {
    const run = (query) => query.execute(tx);
    const { companyId, userId } = await createCompanyAccount(
      tx,
      {
        company_name: COMPANY_NAME,
        first_name: 'Bench',
        last_name: 'Owner',
        email: ADMIN_EMAIL,
        phone: '9876500021',
        branch_name: 'Pune',
        state_id: 27,
        city: 'Pune',
        address_line_1: '21 Market Yard',
        pincode: '411037',
      },
      passwordHash,
    );
    for (const [name, state, city, pincode, phone] of [
      ['Mumbai', 27, 'Mumbai', '400001', '9876500022'],
      ['Bengaluru', 29, 'Bengaluru', '560001', '9876500023'],
    ]) {
      await createBranchWithWarehouse(tx, companyId, {
        name,
        gstin: null,
        contact: { name: 'Bench Manager', email: `${name.toLowerCase()}@bench-reports.example.in`, phone },
        address: { address_line_1: '1 Station Road', address_line_2: null, city, state_id: state, pincode },
      });
    }
    // Literals, not parameters: CREATE TABLE AS takes none (numbers only).
    const C = sql.raw(String(Number(companyId)));
    const U = sql.raw(String(Number(userId)));
    const N = sql.raw(String(Number(orders)));
    await run(sql`SET LOCAL session_replication_role = replica`);
    await run(sql`UPDATE companies SET is_verified = true WHERE id = ${C}`);
    await run(sql`UPDATE branches SET invoice_series = upper(left(name, 3)) WHERE company_id = ${C}`);
    await run(sql`INSERT INTO user_branches (company_id, user_id, branch_id)
      SELECT ${C}, ${U}, id FROM branches WHERE company_id = ${C} ON CONFLICT DO NOTHING`);

    // People, channels, catalogue, buyers.
    await run(sql`INSERT INTO roles (company_id, display_name, description, permissions)
      VALUES (${C}, 'Sales Person', 'Takes orders', '{view_reports}')`);
    await run(sql`INSERT INTO users (company_id, first_name, last_name, email, password_hash, role_id)
      SELECT ${C}, (ARRAY['Asha','Ravi','Meena','Karan','Farhan'])[g], 'Sales',
        'sales' || g || '@bench-reports.example.in', 'no-password',
        (SELECT id FROM roles WHERE company_id = ${C} AND display_name = 'Sales Person')
      FROM generate_series(1, 5) g`);
    await run(sql`INSERT INTO user_branches (company_id, user_id, branch_id)
      SELECT ${C}, u.id, b.id FROM users u CROSS JOIN branches b
      WHERE u.company_id = ${C} AND b.company_id = ${C} AND u.id <> ${U}`);
    await run(sql`INSERT INTO sales_channels (company_id, name, display_name)
      SELECT ${C}, n, initcap(replace(n, '_', ' ')) FROM unnest(ARRAY['field_sales', 'storefront', 'phone_orders']) n
      WHERE (SELECT count(*) FROM sales_channels WHERE company_id = ${C}) < 3
      ON CONFLICT DO NOTHING`);
    await run(sql`INSERT INTO categories (company_id, parent_id, name)
      SELECT ${C}, (SELECT id FROM categories WHERE company_id = ${C} AND is_root),
        (ARRAY['Beverages','Snacks','Personal Care','Home Care','Staples','Dairy','Stationery','Electricals','Hardware','Kitchenware'])[g]
      FROM generate_series(1, 10) g`);
    await run(sql`INSERT INTO categories (company_id, parent_id, name)
      SELECT ${C}, c.id, c.name || ' ' || (ARRAY['Premium','Regular','Economy','Bulk'])[g]
      FROM categories c CROSS JOIN generate_series(1, 4) g
      WHERE c.company_id = ${C} AND c.parent_id IS NOT NULL`);
    await run(sql`INSERT INTO brands (company_id, name, ignore_for_bi)
      SELECT ${C}, 'Brand ' || chr(64 + 1 + (g - 1) % 26) || lpad(g::text, 2, '0'), g > 38
      FROM generate_series(1, 40) g`);
    await run(sql`
      WITH cat AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories WHERE company_id = ${C} AND NOT is_root),
           br AS (SELECT array_agg(id ORDER BY id) AS ids FROM brands WHERE company_id = ${C}),
           tx AS (SELECT array_agg(id ORDER BY rate) AS ids FROM taxes WHERE company_id = ${C} AND type = 'gst' AND rate IN (5, 12, 18, 28)),
           un AS (SELECT min(id) AS id FROM units WHERE company_id = ${C})
      INSERT INTO products (company_id, name, sku, category_id, brand_id, unit_id, mrp_paise, selling_price_paise,
        cost_price_paise, tax_id, hsn, created_at)
      SELECT ${C}, 'Bench Product ' || lpad(g::text, 4, '0'), 'BP-' || lpad(g::text, 4, '0'),
        cat.ids[1 + g % array_length(cat.ids, 1)], br.ids[1 + (g * 7) % array_length(br.ids, 1)], un.id,
        p.price + p.price / 10, p.price, p.price * 7 / 10, tx.ids[1 + g % array_length(tx.ids, 1)],
        (ARRAY['0401','1905','3305','3402','1006','8471','4820','8536','8205','7323'])[1 + g % 10],
        now() - interval '3 years'
      FROM generate_series(1, 2000) g CROSS JOIN cat CROSS JOIN br CROSS JOIN tx CROSS JOIN un
      CROSS JOIN LATERAL (SELECT (1000 + abs(hashtext('price' || g)) % 200000)::bigint AS price) p`);
    await run(sql`INSERT INTO buyers (company_id, name, contact_person_name, phone, created_at)
      SELECT ${C}, 'Bench Buyer ' || lpad(g::text, 4, '0') || ' Stores', 'Buyer ' || g,
        (9000000000 + g)::text, now() - interval '3 years'
      FROM generate_series(1, 1500) g`);

    // The working sets: everything below joins these by a small index.
    await run(sql`CREATE TEMP TABLE b_branch ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY b.id) - 1)::int AS idx, b.id, b.name, b.invoice_series, w.id AS warehouse_id,
        a.state_id, jsonb_build_object('company_name', ${sql.lit(COMPANY_NAME)}, 'trade_name', null, 'branch_id', b.id,
          'branch_name', b.name, 'gstin', null, 'pan', null,
          'address', jsonb_build_object('id', a.id, 'address_line_1', a.address_line_1, 'address_line_2', a.address_line_2,
            'landmark', a.landmark, 'city', a.city,
            'state', jsonb_build_object('id', s.id, 'name', s.name, 'gst_code', s.gst_code), 'pincode', a.pincode),
          'phone', b.contact_person_phone, 'email', b.contact_person_email, 'bank', null) AS seller
      FROM branches b
      JOIN warehouses w ON w.company_id = b.company_id AND w.branch_id = b.id
      JOIN addresses a ON a.company_id = b.company_id AND a.owner_type = 'branch' AND a.owner_id = b.id
      JOIN states s ON s.id = a.state_id
      WHERE b.company_id = ${C}`);
    await run(sql`CREATE TEMP TABLE b_city ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY c.state_id IN (27, 29) DESC, c.id) - 1)::int AS idx, c.name, c.state_id
      FROM cities c ORDER BY c.state_id IN (27, 29) DESC, c.id LIMIT 100`);
    await run(sql`INSERT INTO addresses (company_id, owner_type, owner_id, address_type, address_line_1, city, state_id, pincode)
      SELECT ${C}, 'buyer', b.id, 'billing_address', 'Shop ' || b.id || ', Main Road', c.name, c.state_id,
        (110001 + (b.id * 37) % 800000)::text
      FROM buyers b JOIN b_city c ON c.idx = b.id % 100 WHERE b.company_id = ${C}`);
    await run(sql`CREATE TEMP TABLE b_buyer ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY b.id) - 1)::int AS idx, b.id, b.name, b.phone, a.id AS address_id, a.state_id,
        jsonb_build_object('id', a.id, 'address_line_1', a.address_line_1, 'address_line_2', null, 'landmark', null,
          'city', a.city, 'state', jsonb_build_object('id', s.id, 'name', s.name, 'gst_code', s.gst_code),
          'pincode', a.pincode) AS address,
        jsonb_build_object('name', b.name, 'gstin', null, 'email', null, 'phone', b.phone) AS snapshot
      FROM buyers b
      JOIN addresses a ON a.company_id = b.company_id AND a.owner_type = 'buyer' AND a.owner_id = b.id
      JOIN states s ON s.id = a.state_id
      WHERE b.company_id = ${C}`);
    await run(sql`CREATE TEMP TABLE b_product ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY p.id) - 1)::int AS idx, p.id, p.name, p.sku, u.code AS unit,
        p.selling_price_paise AS price, t.rate AS gst_rate, p.hsn
      FROM products p JOIN taxes t ON t.company_id = p.company_id AND t.id = p.tax_id
      LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
      WHERE p.company_id = ${C}`);
    await run(sql`CREATE TEMP TABLE b_person ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id FROM users
      WHERE company_id = ${C} AND id <> ${U}`);
    await run(sql`CREATE TEMP TABLE b_channel ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id FROM sales_channels
      WHERE company_id = ${C} ORDER BY id LIMIT 3`);

    // The orders: g -> its day (evenly over the 730 days ending today), buyer (1,500), branch (3),
    // channel, sales person (none on one order in ten), lines (3..7) and fate (h: per mille).
    await step(
      'orders (working set)',
      run(sql`CREATE TEMP TABLE b_order ON COMMIT DROP AS
      SELECT g, nextval(pg_get_serial_sequence('sales_orders', 'id')) AS order_id,
        (current_date - 729 + ((g - 1) * 730 / ${N})::int) AS day,
        abs(hashtext('buyer' || g)) % 1500 AS buyer_idx, abs(hashtext('branch' || g)) % 3 AS branch_idx,
        abs(hashtext('channel' || g)) % 3 AS channel_idx,
        CASE WHEN g % 10 = 0 THEN NULL ELSE abs(hashtext('person' || g)) % 5 END AS person_idx,
        3 + abs(hashtext('lines' || g)) % 5 AS lines,
        abs(hashtext('fate' || g)) % 1000 AS h, abs(hashtext('paid' || g)) % 100 AS p
      FROM generate_series(1, ${N}) g`),
    );
    // Fate: 40..49 invoice cancelled (the order with it); h < 500 in the last fortnight confirmed
    // and not invoiced yet (holding its reservation: committed stock); else invoiced, with a credit
    // note when 50..69.
    await run(sql`ALTER TABLE b_order ADD COLUMN invoice_id bigint, ADD COLUMN status text`);
    await run(sql`UPDATE b_order SET status = CASE WHEN h BETWEEN 40 AND 49 THEN 'cancelled'
        WHEN h < 500 AND day > current_date - 14 THEN 'open' ELSE 'invoiced' END`);
    await run(sql`UPDATE b_order SET invoice_id = nextval(pg_get_serial_sequence('invoices', 'id'))
      WHERE status <> 'open'`);
    await run(sql`CREATE INDEX ON b_order (g)`);
    await step(
      'order lines (working set)',
      run(sql`CREATE TEMP TABLE b_line ON COMMIT DROP AS
      SELECT o.g, o.order_id, o.invoice_id, o.status, k AS position, p.id AS product_id, br.warehouse_id,
        p.name AS product_name, p.sku, p.unit, p.hsn, p.gst_rate, p.price AS rate,
        (1 + abs(hashtext('qty' || o.g || '.' || k)) % 10)::numeric AS quantity,
        CASE WHEN abs(hashtext('disc' || o.g || '.' || k)) % 4 = 0 THEN 5 ELSE 0 END AS discount_percent,
        br.state_id = bu.state_id AS intra,
        nextval(pg_get_serial_sequence('sales_order_items', 'id')) AS order_item_id,
        CASE WHEN o.invoice_id IS NOT NULL THEN nextval(pg_get_serial_sequence('invoice_items', 'id')) END AS invoice_item_id
      FROM b_order o
      JOIN b_branch br ON br.idx = o.branch_idx
      JOIN b_buyer bu ON bu.idx = o.buyer_idx
      CROSS JOIN LATERAL generate_series(1, o.lines) k
      -- Popular products sell most (the square of a uniform pick); the last 100 never sell. The
      -- stride keeps an order's products apart.
      JOIN b_product p ON p.idx = (floor(1900 * power((abs(hashtext('product' || o.g)) % 100000) / 100000.0, 2))::int + k * 397) % 1900`),
    );
    await run(sql`ALTER TABLE b_line ADD COLUMN gross bigint, ADD COLUMN line_discount bigint, ADD COLUMN amount bigint,
      ADD COLUMN taxable bigint, ADD COLUMN cgst bigint, ADD COLUMN sgst bigint, ADD COLUMN igst bigint`);
    // Tax-inclusive rates: the taxable value is the amount back-calculated at the GST rate; CGST
    // and SGST split the tax within the state, IGST takes it across states.
    await step(
      'line figures',
      run(sql`UPDATE b_line SET gross = rate * quantity,
      line_discount = round(rate * quantity * discount_percent / 100),
      amount = rate * quantity - round(rate * quantity * discount_percent / 100)`),
    );
    await run(sql`UPDATE b_line SET taxable = round(amount * 100 / (100 + gst_rate))`);
    await run(sql`UPDATE b_line SET cgst = CASE WHEN intra THEN (amount - taxable) / 2 ELSE 0 END,
      sgst = CASE WHEN intra THEN (amount - taxable) - (amount - taxable) / 2 ELSE 0 END,
      igst = CASE WHEN intra THEN 0 ELSE amount - taxable END`);
    await run(sql`CREATE INDEX ON b_line (g)`);
    await step(
      'order totals',
      run(sql`CREATE TEMP TABLE b_total ON COMMIT DROP AS
      SELECT g, count(*)::int AS items, sum(quantity) AS quantity, sum(gross)::bigint AS gross,
        sum(line_discount)::bigint AS line_discount, sum(taxable)::bigint AS taxable, sum(cgst)::bigint AS cgst,
        sum(sgst)::bigint AS sgst, sum(igst)::bigint AS igst, sum(amount)::bigint AS amount,
        (round(sum(amount) / 100.0) * 100 - sum(amount))::bigint AS round_off,
        (round(sum(amount) / 100.0) * 100)::bigint AS total, bool_and(intra) AS intra
      FROM b_line GROUP BY g`),
    );
    await run(sql`CREATE INDEX ON b_total (g)`);
    for (const t of ['b_order', 'b_line', 'b_total']) await run(sql`ANALYZE ${sql.raw(t)}`);

    await step(
      'sales_orders',
      run(sql`INSERT INTO sales_orders (id, company_id, order_number, status, is_stock_reserved, payment_status, buyer_id,
        branch_id, sales_channel_id, billing_address_id, shipping_address_id, billing_address, shipping_address,
        place_of_supply_state_id, sales_person_id, payment_term_days, order_date, is_intra_state, subtotal_paise,
        line_discount_paise, order_discount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, cess_paise,
        charges_paise, round_off_paise, total_paise, total_items, total_quantity, total_quantity_invoiced, created_by,
        created_at, updated_at)
      SELECT o.order_id, ${C}, 'SO-' || lpad(o.g::text, 7, '0'),
        CASE o.status WHEN 'open' THEN 'confirmed' WHEN 'cancelled' THEN 'cancelled' ELSE 'processing' END,
        o.status = 'open', CASE o.status WHEN 'cancelled' THEN 'cancelled' ELSE 'unpaid' END,
        bu.id, br.id, ch.id, bu.address_id, bu.address_id, bu.address, bu.address, bu.state_id, pe.id, 30, o.day,
        t.intra, t.gross, t.line_discount, 0, t.taxable, t.cgst, t.sgst, t.igst, 0, 0, t.round_off, t.total, t.items,
        t.quantity, CASE WHEN o.status = 'invoiced' THEN t.quantity ELSE 0 END, ${U},
        o.day + time '10:00', o.day + time '10:00'
      FROM b_order o JOIN b_total t ON t.g = o.g
      JOIN b_buyer bu ON bu.idx = o.buyer_idx JOIN b_branch br ON br.idx = o.branch_idx
      JOIN b_channel ch ON ch.idx = o.channel_idx LEFT JOIN b_person pe ON pe.idx = o.person_idx`),
    );
    await step(
      'sales_order_items',
      run(sql`INSERT INTO sales_order_items (id, company_id, order_id, position, product_id, warehouse_id, product_name, sku,
        unit, quantity, quantity_invoiced, amount_invoiced_paise, rate_paise, discount_percent, gst_rate, hsn, gross_paise,
        line_discount_paise, order_discount_paise, amount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, cess_paise,
        gst_treatment)
      SELECT order_item_id, ${C}, order_id, position, product_id, warehouse_id, product_name, sku, unit, quantity,
        CASE WHEN status = 'invoiced' THEN quantity ELSE 0 END, CASE WHEN status = 'invoiced' THEN amount ELSE 0 END,
        rate, discount_percent, gst_rate, hsn, gross, line_discount, 0, amount, taxable, cgst, sgst, igst, 0,
        -- Written here: its trigger (migration 0085) is off while the load runs as a replica.
        'taxable'
      FROM b_line`),
    );

    // Settlement of each invoice: credit note (2%) on its first line, then payments.
    await run(sql`ALTER TABLE b_order ADD COLUMN credit_note_id bigint, ADD COLUMN credit bigint NOT NULL DEFAULT 0,
      ADD COLUMN paid bigint NOT NULL DEFAULT 0, ADD COLUMN payment_id bigint, ADD COLUMN payment_day date,
      ADD COLUMN credit_day date, ADD COLUMN total bigint`);
    await run(sql`UPDATE b_order o SET total = t.total FROM b_total t WHERE t.g = o.g`);
    await run(sql`UPDATE b_order o SET credit_note_id = nextval(pg_get_serial_sequence('credit_notes', 'id')),
        credit = l.amount, credit_day = least(o.day + 5 + o.h % 20, current_date)
      FROM b_line l WHERE l.g = o.g AND l.position = 1 AND o.status = 'invoiced' AND o.h BETWEEN 50 AND 69`);
    // Paid in full 85%, half 8%, open 7%; within the last fortnight mostly open.
    await run(sql`UPDATE b_order SET
        paid = CASE WHEN p < 85 THEN total - credit ELSE (total - credit) / 2 END,
        payment_day = least(day + p % 40, current_date),
        payment_id = nextval(pg_get_serial_sequence('payments', 'id'))
      WHERE status = 'invoiced' AND p < 93 AND (day < current_date - 14 OR p < 30) AND total - credit > 1`);

    const fy = (column) =>
      sql.raw(
        `to_char(${column} - interval '3 months', 'YY') || to_char(${column} + interval '9 months', 'YY')`,
      );
    await step(
      'invoices',
      run(sql`INSERT INTO invoices (id, company_id, order_id, branch_id, buyer_id, invoice_number, financial_year,
        invoice_date, due_date, status, payment_status, seller, buyer, billing_address, shipping_address,
        place_of_supply_state_id, is_intra_state, subtotal_paise, line_discount_paise, order_discount_paise, taxable_paise,
        cgst_paise, sgst_paise, igst_paise, cess_paise, charges_paise, round_off_paise, total_paise, amount_paid_paise,
        credited_paise, cancelled_at, cancelled_by, created_by, created_at, updated_at)
      SELECT o.invoice_id, ${C}, o.order_id, br.id, bu.id,
        br.invoice_series || '/' || ${fy('o.day')} || '/' || lpad(o.g::text, 6, '0'), ${fy('o.day')},
        o.day, o.day + 30, CASE WHEN o.status = 'cancelled' THEN 'cancelled' ELSE 'generated' END,
        CASE WHEN o.status = 'cancelled' THEN 'cancelled' WHEN o.paid + o.credit >= o.total THEN 'paid'
          WHEN o.paid + o.credit > 0 THEN 'partially_paid' ELSE 'unpaid' END,
        br.seller, bu.snapshot, bu.address, bu.address, bu.state_id, t.intra, t.gross, t.line_discount, 0, t.taxable,
        t.cgst, t.sgst, t.igst, 0, 0, t.round_off, t.total, o.paid, o.credit,
        CASE WHEN o.status = 'cancelled' THEN o.day + time '16:00' END,
        CASE WHEN o.status = 'cancelled' THEN ${U}::bigint END, ${U}, o.day + time '14:00', o.day + time '14:00'
      FROM b_order o JOIN b_total t ON t.g = o.g
      JOIN b_buyer bu ON bu.idx = o.buyer_idx JOIN b_branch br ON br.idx = o.branch_idx
      WHERE o.invoice_id IS NOT NULL`),
    );
    await run(sql`UPDATE sales_orders s SET payment_status = i.payment_status
      FROM invoices i WHERE i.company_id = ${C} AND s.company_id = ${C} AND s.id = i.order_id
        AND i.status <> 'cancelled'`);
    await step(
      'invoice_items',
      run(sql`INSERT INTO invoice_items (id, company_id, invoice_id, order_item_id, position, product_id, warehouse_id,
        product_name, sku, unit, quantity, rate_paise, discount_percent, gst_rate, hsn, gross_paise, line_discount_paise,
        order_discount_paise, amount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, cess_paise)
      SELECT invoice_item_id, ${C}, invoice_id, order_item_id, position, product_id, warehouse_id, product_name,
        sku, unit, quantity, rate, discount_percent, gst_rate, hsn, gross, line_discount, 0, amount, taxable, cgst,
        sgst, igst, 0
      FROM b_line WHERE invoice_id IS NOT NULL`),
    );
    await step(
      'credit notes',
      run(sql`INSERT INTO credit_notes (id, company_id, credit_note_number, financial_year, invoice_id, order_id, buyer_id,
        branch_id, credit_note_date, place_of_supply_state_id, is_intra_state, reason, lines_paise, taxable_paise,
        cgst_paise, sgst_paise, igst_paise, cess_paise, total_paise, amount_applied_paise, status, created_by, created_at,
        updated_at)
      SELECT o.credit_note_id, ${C}, 'CN/' || ${fy('o.credit_day')} || '/' || lpad(o.g::text, 6, '0'),
        ${fy('o.credit_day')}, o.invoice_id, o.order_id, bu.id, br.id, o.credit_day, bu.state_id, l.intra,
        'Goods came back damaged', l.amount, l.taxable, l.cgst, l.sgst, l.igst, 0, l.amount, l.amount, 'applied',
        ${U}, o.credit_day + time '12:00', o.credit_day + time '12:00'
      FROM b_order o JOIN b_line l ON l.g = o.g AND l.position = 1
      JOIN b_buyer bu ON bu.idx = o.buyer_idx JOIN b_branch br ON br.idx = o.branch_idx
      WHERE o.credit_note_id IS NOT NULL`),
    );
    await run(sql`INSERT INTO credit_note_items (company_id, credit_note_id, invoice_item_id, position, product_id,
        product_name, sku, unit, hsn, quantity, additional_discount, credit_units, gst_rate, amount_paise, taxable_paise,
        cgst_paise, sgst_paise, igst_paise, cess_paise)
      SELECT ${C}, o.credit_note_id, l.invoice_item_id, 1, l.product_id, l.product_name, l.sku, l.unit, l.hsn,
        l.quantity, 100, (l.quantity * 1000 * 10000)::bigint, l.gst_rate, l.amount, l.taxable, l.cgst, l.sgst, l.igst, 0
      FROM b_order o JOIN b_line l ON l.g = o.g AND l.position = 1 WHERE o.credit_note_id IS NOT NULL`);
    await run(sql`INSERT INTO credit_note_applications (company_id, credit_note_id, invoice_id, amount_paise, created_by,
        created_at)
      SELECT ${C}, credit_note_id, invoice_id, credit, ${U}, credit_day + time '12:00'
      FROM b_order WHERE credit_note_id IS NOT NULL`);
    await step(
      'payments',
      run(sql`INSERT INTO payments (id, company_id, payment_number, financial_year, buyer_id, order_id, branch_id,
        payment_date, amount_paise, payment_method_id, status, created_by, created_at, updated_at, completed_at)
      SELECT o.payment_id, ${C}, 'PAY/' || ${fy('o.payment_day')} || '/' || lpad(o.g::text, 6, '0'),
        ${fy('o.payment_day')}, bu.id, o.order_id, br.id, o.payment_day, o.paid,
        (SELECT min(id) FROM payment_methods WHERE company_id = ${C}), 'completed', ${U},
        o.payment_day + time '11:00', o.payment_day + time '11:00', o.payment_day + time '11:00'
      FROM b_order o JOIN b_buyer bu ON bu.idx = o.buyer_idx JOIN b_branch br ON br.idx = o.branch_idx
      WHERE o.payment_id IS NOT NULL`),
    );
    await run(sql`INSERT INTO payment_allocations (company_id, payment_id, invoice_id, amount_paise, created_by, created_at)
      SELECT ${C}, payment_id, invoice_id, paid, ${U}, payment_day + time '11:00'
      FROM b_order WHERE payment_id IS NOT NULL`);

    // The buyer ledger: live invoices (debit), payments and credit notes (credit), with the running
    // balance per buyer; the buyer's outstanding is the last balance.
    await step(
      'buyer ledger',
      run(sql`INSERT INTO buyer_ledger_entries (company_id, buyer_id, entry_date, entry_type, debit_paise, credit_paise,
        balance_after_paise, branch_id, reference_number, document_type, document_id, created_by, created_at)
      SELECT ${C}, buyer_id, day, kind, debit, credit,
        sum(debit - credit) OVER (PARTITION BY buyer_id ORDER BY at, document_id, kind), branch_id, reference, kind,
        document_id, ${U}, at
      FROM (
        SELECT i.buyer_id, i.invoice_date AS day, 'invoice' AS kind, i.total_paise AS debit, 0::bigint AS credit,
          i.branch_id, i.invoice_number AS reference, i.id AS document_id, i.created_at AS at
        FROM invoices i WHERE i.company_id = ${C} AND i.status <> 'cancelled'
        UNION ALL
        SELECT p.buyer_id, p.payment_date, 'payment', 0, p.amount_paise, p.branch_id, p.payment_number, p.id, p.created_at
        FROM payments p WHERE p.company_id = ${C}
        UNION ALL
        SELECT c.buyer_id, c.credit_note_date, 'credit_note', 0, c.total_paise, c.branch_id, c.credit_note_number, c.id,
          c.created_at
        FROM credit_notes c WHERE c.company_id = ${C}
      ) e ORDER BY at, document_id, kind`),
    );
    await run(sql`UPDATE buyers b SET outstanding_paise = s.balance
      FROM (SELECT buyer_id, sum(debit_paise - credit_paise)::bigint AS balance FROM buyer_ledger_entries
            WHERE company_id = ${C} GROUP BY buyer_id) s
      WHERE b.company_id = ${C} AND b.id = s.buyer_id`);

    // Stock: every movement in time order, with running balances per product and warehouse.
    await step(
      'stock movements (working set)',
      run(sql`CREATE TEMP TABLE b_move ON COMMIT DROP AS
      SELECT product_id, warehouse_id, o.day + time '10:00' AS at, 1 AS seq, 0::numeric AS quantity,
        quantity AS reserved, 'reserve' AS reason, 'sales_order' AS document_type, l.order_id AS document_id
      FROM b_line l JOIN b_order o ON o.g = l.g
      UNION ALL
      SELECT product_id, warehouse_id, o.day + time '14:00', 2, -quantity, -quantity, 'issue', 'invoice', l.invoice_id
      FROM b_line l JOIN b_order o ON o.g = l.g WHERE l.invoice_id IS NOT NULL
      UNION ALL
      SELECT product_id, warehouse_id, o.day + time '16:00', 3, quantity, 0, 'return', 'invoice', l.invoice_id
      FROM b_line l JOIN b_order o ON o.g = l.g WHERE l.status = 'cancelled'`),
    );
    // Opening stock (before the two years): what was sold from each product and warehouse and a
    // closing stock of 20..219 on top; a product that never sold opens with that alone.
    await run(sql`INSERT INTO b_move
      SELECT p.id, w.warehouse_id, (current_date - 730) + time '09:00', 0,
        coalesce(s.sold, 0) + 20 + abs(hashtext('closing' || p.id || '.' || w.warehouse_id)) % 200, 0,
        'opening_stock', 'product', p.id
      FROM b_product p CROSS JOIN b_branch w
      LEFT JOIN (SELECT product_id, warehouse_id, -sum(quantity) AS sold FROM b_move GROUP BY 1, 2) s
        ON s.product_id = p.id AND s.warehouse_id = w.warehouse_id`);
    await run(sql`INSERT INTO stock_levels (company_id, product_id, warehouse_id, available_stock, df_quantity, updated_at)
      SELECT ${C}, product_id, warehouse_id, sum(quantity), sum(reserved), max(at) FROM b_move GROUP BY 1, 2, 3
      ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE SET available_stock = excluded.available_stock,
        df_quantity = excluded.df_quantity, updated_at = excluded.updated_at`);
    await step(
      'stock_ledger',
      run(sql`INSERT INTO stock_ledger (company_id, product_id, warehouse_id, quantity, reserved_quantity, balance_after,
        reserved_after, reason, document_type, document_id, user_id, created_at)
      SELECT ${C}, product_id, warehouse_id, quantity, reserved,
        sum(quantity) OVER w, sum(reserved) OVER w, reason, document_type, document_id, ${U}, at
      FROM b_move
      WINDOW w AS (PARTITION BY product_id, warehouse_id ORDER BY at, seq, document_id)
      ORDER BY at, seq, document_id, product_id`),
    );
    await step(
      'sales_lines (from sales_lines_from_documents)',
      run(sql`INSERT INTO sales_lines SELECT * FROM sales_lines_from_documents WHERE company_id = ${C}`),
    );
    await step(
      'invoice_due_shares (from invoice_due_shares_from_documents)',
      run(
        sql`INSERT INTO invoice_due_shares SELECT * FROM invoice_due_shares_from_documents WHERE company_id = ${C}`,
      ),
    );
    // Checks: what the generator promised.
    const { rows } = await run(sql`SELECT
      (SELECT count(*) FROM sales_lines WHERE company_id = ${C} AND document_type = 'invoice')::int AS invoice_lines,
      (SELECT count(*) FROM stock_levels WHERE company_id = ${C} AND available_stock < 0)::int AS negative_levels,
      (SELECT count(*) FROM invoices WHERE company_id = ${C}
        AND amount_paid_paise + credited_paise > total_paise)::int AS over_settled`);
    if (rows[0].negative_levels || rows[0].over_settled)
      throw new Error(`inconsistent data: ${JSON.stringify(rows[0])}`);
    return companyId;
  });
  await step('VACUUM ANALYZE', pool.query('VACUUM ANALYZE'));
  log(`Generated in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  return companyId;
}
