import { createHash } from 'node:crypto';
import {
  TALLY_MESSAGES,
  type TallyCheck,
  type TallyDocumentKindName,
  type TallyExportBody,
  type TallyFixTarget,
  type TallyPost,
  type TallyProblem,
  type TallyRangeQuery,
  type TallyStatus,
} from '@b2b/domain/api/tally';
import {
  TALLY_LEDGER_PURPOSES,
  type TallyLedgerPurposeName,
  type TallyVoucherKindName,
} from '@b2b/domain/tally';
import {
  ENVELOPE_END,
  envelopeStart,
  godownMasterXml,
  ledgerMasterXml,
  moneyVoucher,
  parseTallyResponse,
  stockItemMasterXml,
  type TallyAction,
  type TallyGroup,
  type TallyLedgerMaster,
  type TallyVoucher,
  tradeCharges,
  tradeVoucher,
  unitMasterXml,
  voucherXml,
} from '@b2b/domain/tally/tally-xml';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { TallyClient } from '../../core/ports/tally.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { TallyDocumentKind } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { getTallySettings } from '../branches/tally-settings.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './tally.queries.ts';

/**
 * The Tally export (issue 22): a branch's invoices, credit notes, bills, payments received and
 * payments made of a date range as Tally vouchers, the masters they name, a check that lists every
 * document whose party, item, godown or ledger has no Tally name (before an export, never skipped
 * silently), and posting straight to a running Tally.
 *
 * Every voucher carries a GUID (and REMOTEID) made from the company, the document's kind and its id,
 * and ACTION Create the first time it goes out, Alter after, Cancel once the document is cancelled;
 * tally_exports remembers what went out, so importing a file again never duplicates a voucher.
 */

const BATCH = 500;
const MAX_PROBLEMS = 500;
const MAX_RANGE_DAYS = 366;

const recordPostHistory = historyWriter('tally_post');

/** The stable id of a document's voucher: the same for every export, unique across companies. */
export function voucherGuid(companyId: number, kind: TallyDocumentKind, documentId: number): string {
  const hex = createHash('sha1').update(`b2b-tally/${companyId}/${kind}/${documentId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface BranchNames {
  companyId: number;
  branchId: number;
  company: string;
  voucherTypes: Record<TallyVoucherKindName, string>;
  ledgers: Record<TallyLedgerPurposeName, string | null>;
  banks: queries.BankLedgerRow[];
}

export const bankLedgerName = (bank: queries.BankLedgerRow) =>
  bank.account_name ?? `${bank.bank_name} A/c ${bank.account_number.slice(-4)}`;

function checkRange(range: TallyRangeQuery) {
  if (range.end_date < range.start_date) throw validationError('end_date', TALLY_MESSAGES.date_order);
  const days = (Date.parse(range.end_date) - Date.parse(range.start_date)) / 86_400_000;
  if (days >= MAX_RANGE_DAYS) throw validationError('end_date', TALLY_MESSAGES.range_too_long);
}

async function branchNames(db: Database, actor: Principal, range: TallyRangeQuery): Promise<BranchNames> {
  checkRange(range);
  const branch = await queries.findBranch(db, actor.companyId, range.branch_id);
  if (!branch) throw notFound('Branch');
  assertBranchAccess(actor, branch.id);
  const settings = await getTallySettings(db, actor.companyId, branch.id);
  return {
    companyId: actor.companyId,
    branchId: branch.id,
    company: await queries.companyName(db, actor.companyId),
    voucherTypes: settings.voucher_types,
    ledgers: settings.ledger_mappings,
    banks: await queries.branchBankAccounts(db, actor.companyId, branch.id),
  };
}

const rangeOf = (names: BranchNames, range: TallyRangeQuery): queries.DocumentRange => ({
  companyId: names.companyId,
  branchId: names.branchId,
  startDate: range.start_date,
  endDate: range.end_date,
});

const purposeLabel = (purpose: TallyLedgerPurposeName) =>
  TALLY_LEDGER_PURPOSES.find((p) => p.purpose === purpose)?.label ?? purpose;

// ---- Documents as vouchers ----------------------------------------------------------------

interface PreparedDocument {
  kind: TallyDocumentKind;
  head: queries.DocumentHead;
  guid: string;
  action: TallyAction;
  problems: { missing: string; target: TallyFixTarget; id: number }[];
  /** Null when a name is missing. */
  voucher: TallyVoucher | null;
}

const TRADE = {
  invoice: { trade: 'sales', voucher: 'sales', goods: 'sales', tax: 'output' },
  credit_note: { trade: 'credit_note', voucher: 'credit_note', goods: 'sales', tax: 'output' },
  bill: { trade: 'purchase', voucher: 'purchase', goods: 'purchase', tax: 'input' },
} as const;

/** Create the first time, Alter while it is in Tally, Cancel once cancelled; null: nothing to send. */
function actionFor(cancelled: boolean, record: queries.ExportRecord | undefined): TallyAction | null {
  const inTally =
    record !== undefined &&
    record.last_action !== 'Cancel' &&
    !(record.last_action === 'Create' && record.last_result === 'error');
  if (cancelled) return inTally ? 'Cancel' : null;
  return inTally ? 'Alter' : 'Create';
}

function prepareTrade(
  names: BranchNames,
  kind: 'invoice' | 'credit_note' | 'bill',
  head: queries.DocumentHead,
  lines: queries.DocumentLine[],
  guid: string,
  action: TallyAction,
): PreparedDocument {
  const spec = TRADE[kind];
  const problems: PreparedDocument['problems'] = [];
  const voucherType = names.voucherTypes[spec.voucher];
  const cancelVoucher = (): TallyVoucher => ({
    guid,
    action,
    voucherType,
    date: head.date,
    number: head.number,
    party: null,
    isInvoice: true,
    ledgerLines: [],
    inventoryLines: [],
  });
  if (action === 'Cancel') return { kind, head, guid, action, problems, voucher: cancelVoucher() };

  const ledger = (purpose: TallyLedgerPurposeName) => {
    const name = names.ledgers[purpose];
    if (!name) {
      problems.push({
        missing: `The branch has no Tally ledger for ${purposeLabel(purpose)}.`,
        target: 'branch_tally',
        id: names.branchId,
      });
    }
    return name;
  };
  if (!head.party_ledger) {
    problems.push({
      missing: `Seller ${head.party_name} has no Tally ledger name.`,
      target: 'seller',
      id: head.party_id,
    });
  }
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.stock_item && !seen.has(`p${line.product_id}`)) {
      seen.add(`p${line.product_id}`);
      problems.push({
        missing: `Product ${line.product_name} has no Tally name.`,
        target: 'product',
        id: line.product_id,
      });
    }
    if (line.warehouse_id !== null && !line.godown && !seen.has(`w${line.warehouse_id}`)) {
      seen.add(`w${line.warehouse_id}`);
      problems.push({
        missing: `Warehouse ${line.warehouse_name} has no Tally name.`,
        target: 'warehouse',
        id: line.warehouse_id,
      });
    }
  }
  const goodsLedger = ledger(spec.goods);
  // A reverse-charge bill's tax is the buyer's to pay to the government, not the seller's to collect.
  const taxHeads =
    kind === 'bill' && head.is_reverse_charge ? [] : (['cgst', 'sgst', 'igst', 'cess'] as const);
  const taxes = taxHeads
    .filter((t) => Number(head[`${t}_paise`]) !== 0)
    .map((t) => ({ ledger: ledger(`${spec.tax}_${t}`) ?? '', paise: Number(head[`${t}_paise`]) }));
  const roundOffLedger = Number(head.round_off_paise) !== 0 ? ledger('round_off') : null;
  const tradeLines = lines.map((line) => ({
    stockItem: line.stock_item ?? '',
    unit: line.unit,
    quantity: Number(line.quantity),
    taxablePaise: Number(line.taxable_paise),
    godown: line.godown ?? 'Main Location',
  }));
  const base = {
    lines: tradeLines,
    taxes,
    roundOffPaise: Number(head.round_off_paise),
    totalPaise: Number(head.total_paise),
  };
  const chargesLedger = tradeCharges(base) !== 0 ? ledger('shipping_charges') : null;
  if (problems.length > 0) return { kind, head, guid, action, problems, voucher: null };
  const voucher = tradeVoucher({
    ...base,
    kind: spec.trade,
    guid,
    action,
    voucherType,
    date: head.date,
    number: head.number,
    reference: head.reference,
    party: head.party_ledger as string,
    goodsLedger: goodsLedger as string,
    roundOffLedger,
    chargesLedger,
  });
  return { kind, head, guid, action, problems, voucher };
}

function prepareMoney(
  names: BranchNames,
  kind: 'payment' | 'payment_made',
  head: queries.DocumentHead,
  guid: string,
  action: TallyAction,
): PreparedDocument {
  const voucherType = names.voucherTypes[kind === 'payment' ? 'receipt' : 'payment'];
  const problems: PreparedDocument['problems'] = [];
  if (action === 'Cancel') {
    const voucher: TallyVoucher = {
      guid,
      action,
      voucherType,
      date: head.date,
      number: head.number,
      party: null,
      isInvoice: false,
      ledgerLines: [],
      inventoryLines: [],
    };
    return { kind, head, guid, action, problems, voucher };
  }
  if (!head.party_ledger) {
    problems.push({
      missing: `Seller ${head.party_name} has no Tally ledger name.`,
      target: 'seller',
      id: head.party_id,
    });
  }
  const chosen =
    head.bank_account_id === null ? undefined : names.banks.find((b) => b.id === head.bank_account_id);
  const bank =
    head.method_code === 'cash'
      ? 'Cash'
      : chosen
        ? bankLedgerName(chosen)
        : names.banks[0]
          ? bankLedgerName(names.banks[0])
          : null;
  if (!bank) {
    problems.push({
      missing: `The branch has no bank account for ${kind === 'payment' ? 'payments received' : 'payments made'}.`,
      target: 'branch_bank_accounts',
      id: names.branchId,
    });
  }
  const tdsPaise = Number(head.tds_paise);
  const tdsLedger = tdsPaise !== 0 ? names.ledgers.tds_payable : null;
  if (tdsPaise !== 0 && !tdsLedger) {
    problems.push({
      missing: `The branch has no Tally ledger for ${purposeLabel('tds_payable')}.`,
      target: 'branch_tally',
      id: names.branchId,
    });
  }
  if (problems.length > 0) return { kind, head, guid, action, problems, voucher: null };
  const voucher = moneyVoucher({
    tdsPaise,
    tdsLedger,
    kind: kind === 'payment' ? 'receipt' : 'payment',
    guid,
    action,
    voucherType,
    date: head.date,
    number: head.number,
    reference: head.reference,
    party: head.party_ledger as string,
    bankLedger: bank as string,
    amountPaise: Number(head.total_paise),
  });
  return { kind, head, guid, action, problems, voucher };
}

/** Every document of the range to send, kind by kind in (date, id) order, one batch at a time. */
async function* preparedBatches(db: Database, names: BranchNames, range: queries.DocumentRange) {
  for (const kind of queries.TALLY_DOCUMENT_KINDS) {
    let after: queries.Cursor | null = null;
    for (;;) {
      const heads = await queries.documentHeads(db, kind, range, after, BATCH);
      if (heads.length === 0) break;
      const last = heads[heads.length - 1] as queries.DocumentHead;
      after = { date: last.date, id: last.id };
      const ids = heads.map((h) => h.id);
      const records = new Map(
        (await queries.exportRecords(db, names.companyId, kind, ids)).map((r) => [r.document_id, r]),
      );
      const lines =
        kind === 'invoice' || kind === 'credit_note' || kind === 'bill'
          ? await queries.documentLines(db, names.companyId, kind, ids)
          : [];
      const linesOf = new Map<number, queries.DocumentLine[]>();
      for (const line of lines) {
        const list = linesOf.get(line.document_id) ?? [];
        list.push(line);
        linesOf.set(line.document_id, list);
      }
      const batch: PreparedDocument[] = [];
      for (const head of heads) {
        const action = actionFor(head.cancelled, records.get(head.id));
        if (action === null) continue;
        const guid = records.get(head.id)?.guid ?? voucherGuid(names.companyId, kind, head.id);
        batch.push(
          kind === 'payment' || kind === 'payment_made'
            ? prepareMoney(names, kind, head, guid, action)
            : prepareTrade(names, kind, head, linesOf.get(head.id) ?? [], guid, action),
        );
      }
      yield batch;
      if (heads.length < BATCH) break;
    }
  }
}

async function runCheck(db: Database, names: BranchNames, range: queries.DocumentRange): Promise<TallyCheck> {
  let documents = 0;
  let incomplete = 0;
  let total = 0;
  const problems: TallyProblem[] = [];
  for await (const batch of preparedBatches(db, names, range)) {
    for (const doc of batch) {
      documents += 1;
      if (doc.problems.length > 0) incomplete += 1;
      for (const problem of doc.problems) {
        total += 1;
        if (problems.length < MAX_PROBLEMS) {
          problems.push({
            document_kind: doc.kind as TallyDocumentKindName,
            document_id: doc.head.id,
            document_number: doc.head.number,
            document_date: doc.head.date,
            missing: problem.missing,
            fix: { target: problem.target, id: problem.id },
          });
        }
      }
    }
  }
  return { documents, incomplete, problems, truncated: total > problems.length };
}

export async function checkTally(options: { db: Database; actor: Principal; query: TallyRangeQuery }) {
  const { db, actor, query } = options;
  const names = await branchNames(db, actor, query);
  return runCheck(db, names, rangeOf(names, query));
}

async function refuseIncomplete(db: Database, names: BranchNames, range: queries.DocumentRange) {
  const check = await runCheck(db, names, range);
  if (check.incomplete > 0) throw conflict(TALLY_MESSAGES.incomplete(check.incomplete));
  return check;
}

// ---- Masters ------------------------------------------------------------------------------

const PURPOSE_GROUP: Record<TallyLedgerPurposeName, Pick<TallyLedgerMaster, 'parent' | 'gstDutyHead'>> = {
  sales: { parent: 'Sales Accounts' },
  purchase: { parent: 'Purchase Accounts' },
  output_cgst: { parent: 'Duties & Taxes', gstDutyHead: 'Central Tax' },
  output_sgst: { parent: 'Duties & Taxes', gstDutyHead: 'State Tax' },
  output_igst: { parent: 'Duties & Taxes', gstDutyHead: 'Integrated Tax' },
  output_cess: { parent: 'Duties & Taxes', gstDutyHead: 'Cess' },
  input_cgst: { parent: 'Duties & Taxes', gstDutyHead: 'Central Tax' },
  input_sgst: { parent: 'Duties & Taxes', gstDutyHead: 'State Tax' },
  input_igst: { parent: 'Duties & Taxes', gstDutyHead: 'Integrated Tax' },
  input_cess: { parent: 'Duties & Taxes', gstDutyHead: 'Cess' },
  round_off: { parent: 'Indirect Expenses' },
  discount: { parent: 'Indirect Expenses' },
  shipping_charges: { parent: 'Indirect Incomes' },
  bank_charges: { parent: 'Indirect Expenses' },
  tds_receivable: { parent: 'Current Assets' },
  tds_payable: { parent: 'Duties & Taxes' },
};

const NATURE_GROUP: Record<string, TallyGroup> = {
  assets: 'Current Assets',
  liabilities: 'Current Liabilities',
  equity: 'Capital Account',
  income: 'Indirect Incomes',
  expenses: 'Indirect Expenses',
};

/** The masters the range's vouchers name, as TALLYMESSAGE chunks: units, godowns, ledgers, stock items. */
async function* mastersXml(
  db: Database,
  names: BranchNames,
  range: queries.DocumentRange,
): AsyncGenerator<string> {
  for (const unit of await queries.lineUnits(db, range)) {
    yield unitMasterXml({ name: unit, formalName: unit, decimals: 3 });
  }
  for (const warehouse of await queries.branchWarehouses(db, names.companyId, names.branchId)) {
    if (warehouse.tally_warehouse_name) yield godownMasterXml(warehouse.tally_warehouse_name);
  }
  // Mapped ledgers, bank accounts and the chart of accounts: small sets, a name written once.
  const written = new Set<string>(['Cash']);
  const ledger = (master: TallyLedgerMaster) => {
    if (written.has(master.name)) return '';
    written.add(master.name);
    return ledgerMasterXml(master);
  };
  let chunk = '';
  for (const { purpose } of TALLY_LEDGER_PURPOSES) {
    const name = names.ledgers[purpose];
    if (name) chunk += ledger({ name, ...PURPOSE_GROUP[purpose] });
  }
  for (const bank of names.banks) {
    chunk += ledger({
      name: bankLedgerName(bank),
      parent: 'Bank Accounts',
      bank: { accountNumber: bank.account_number, ifsc: bank.ifsc_code, bankName: bank.bank_name },
    });
  }
  for (const account of await queries.chartOfAccounts(db, names.companyId, names.branchId)) {
    chunk += ledger({ name: account.name, parent: NATURE_GROUP[account.nature] ?? 'Current Assets' });
  }
  yield chunk;
  for (const side of ['buyer', 'seller'] as const) {
    let afterId = 0;
    for (;;) {
      const rows = await queries.partyMasters(db, side, range, afterId, BATCH);
      if (rows.length === 0) break;
      afterId = (rows[rows.length - 1] as queries.PartyMasterRow).id;
      yield rows
        .filter((row) => row.ledger)
        .map((row) =>
          ledgerMasterXml({
            name: row.ledger as string,
            parent: side === 'buyer' ? 'Sundry Debtors' : 'Sundry Creditors',
            gstin: row.gstin,
            state: row.state,
            address: [row.address_line_1, row.city].filter((l): l is string => Boolean(l)),
            pincode: row.pincode,
          }),
        )
        .join('');
      if (rows.length < BATCH) break;
    }
  }
  let afterId = 0;
  for (;;) {
    const rows = await queries.stockItemMasters(db, range, afterId, BATCH);
    if (rows.length === 0) break;
    afterId = (rows[rows.length - 1] as queries.StockItemMasterRow).id;
    yield rows
      .filter((row) => row.stock_item)
      .map((row) =>
        stockItemMasterXml({
          name: row.stock_item as string,
          unit: row.unit ?? 'Nos',
          hsn: row.hsn,
          gstRate: row.gst_rate === null ? null : Number(row.gst_rate),
          cessRate: row.cess_rate === null ? null : Number(row.cess_rate),
        }),
      )
      .join('');
    if (rows.length < BATCH) break;
  }
}

// ---- Export (a file) ----------------------------------------------------------------------

export function exportFileName(body: TallyExportBody) {
  return `tally-${body.part}-${body.start_date}-to-${body.end_date}.xml`;
}

/**
 * The export file, streamed: masters, or vouchers after the check passes (409 with the count when a
 * document lacks a Tally name). A voucher file is a hand-over to Tally: each batch written is
 * recorded (tally_exports), so the next file alters what this one created.
 */
export async function exportTally(options: { db: Database; actor: Principal; body: TallyExportBody }) {
  const { db, actor, body } = options;
  const names = await branchNames(db, actor, body);
  const range = rangeOf(names, body);
  const filename = exportFileName(body);
  if (body.part === 'masters') {
    return {
      filename,
      chunks: (async function* () {
        yield envelopeStart('All Masters', names.company);
        yield* mastersXml(db, names, range);
        yield ENVELOPE_END;
      })(),
    };
  }
  await refuseIncomplete(db, names, range);
  const post = await inTransaction(db, async (tx) => {
    const row = await queries.insertPost(tx, {
      company_id: actor.companyId,
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
      mode: 'download',
      created_by: actor.userId,
    });
    await recordPostHistory(tx, actor, row.id, 'downloaded', {
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
    });
    return row;
  });
  return {
    filename,
    chunks: (async function* () {
      const counts = {
        documents: 0,
        created: 0,
        altered: 0,
        cancelled: 0,
        errors: 0,
        master_errors: [] as string[],
      };
      yield envelopeStart('Vouchers', names.company);
      for await (const batch of preparedBatches(db, names, range)) {
        const done: queries.ExportedDocument[] = [];
        let text = '';
        for (const doc of batch) {
          if (!doc.voucher) continue;
          text += voucherXml(doc.voucher);
          done.push({
            kind: doc.kind,
            id: doc.head.id,
            guid: doc.guid,
            number: doc.head.number,
            action: doc.action,
          });
          counts.documents += 1;
          if (doc.action === 'Create') counts.created += 1;
          else if (doc.action === 'Alter') counts.altered += 1;
          else counts.cancelled += 1;
        }
        await queries.recordExports(db, actor.companyId, names.branchId, done, null);
        yield text;
      }
      yield ENVELOPE_END;
      await queries.finishPost(db, actor.companyId, post.id, counts);
    })(),
  };
}

// ---- Post (to a running Tally) ------------------------------------------------------------

const RESULT_OF: Record<TallyAction, 'created' | 'altered' | 'cancelled'> = {
  Create: 'created',
  Alter: 'altered',
  Cancel: 'cancelled',
};

async function send(tally: TallyClient, xml: string) {
  try {
    return parseTallyResponse(await tally.importXml(xml));
  } catch {
    return null;
  }
}

/**
 * Sends the masters (in batches) and then each voucher to Tally's HTTP XML server, and records
 * Tally's answer per document. Each voucher goes in its own request, so an error Tally reports
 * belongs to exactly one document; the documents are still read from the database in batches.
 */
export async function postToTally(options: {
  db: Database;
  actor: Principal;
  tally: TallyClient | undefined;
  body: TallyRangeQuery;
}): Promise<TallyPost> {
  const { db, actor, tally, body } = options;
  const names = await branchNames(db, actor, body);
  if (!tally) throw conflict(TALLY_MESSAGES.not_configured);
  const range = rangeOf(names, body);
  await refuseIncomplete(db, names, range);
  const company = tally.company ?? names.company;

  const masterErrors: string[] = [];
  for await (const chunk of mastersXml(db, names, range)) {
    if (!chunk) continue;
    const answer = await send(tally, `${envelopeStart('All Masters', company)}${chunk}${ENVELOPE_END}`);
    if (!answer) throw new AppError('service_unavailable', TALLY_MESSAGES.unreachable);
    masterErrors.push(...answer.lineErrors.slice(0, 50 - masterErrors.length));
  }

  const post = await inTransaction(db, async (tx) => {
    const row = await queries.insertPost(tx, {
      company_id: actor.companyId,
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
      mode: 'post',
      created_by: actor.userId,
    });
    return row;
  });
  const counts = {
    documents: 0,
    created: 0,
    altered: 0,
    cancelled: 0,
    errors: 0,
    master_errors: masterErrors,
  };
  let reachable = true;
  for await (const batch of preparedBatches(db, names, range)) {
    const done: queries.ExportedDocument[] = [];
    for (const doc of batch) {
      if (!doc.voucher) continue;
      counts.documents += 1;
      const answer = reachable
        ? await send(tally, `${envelopeStart('Vouchers', company)}${voucherXml(doc.voucher)}${ENVELOPE_END}`)
        : null;
      if (!answer) reachable = false;
      const refused =
        !answer || answer.errors > 0 || answer.created + answer.altered + answer.cancelled === 0;
      const error = !answer
        ? TALLY_MESSAGES.unreachable
        : refused
          ? answer.lineErrors.join(' ') || 'Tally did not import the voucher.'
          : null;
      if (refused) counts.errors += 1;
      else counts[RESULT_OF[doc.action]] += 1;
      done.push({
        kind: doc.kind,
        id: doc.head.id,
        guid: doc.guid,
        number: doc.head.number,
        action: doc.action,
        result: refused ? 'error' : RESULT_OF[doc.action],
        error,
      });
    }
    await queries.recordExports(db, actor.companyId, names.branchId, done, post.id);
  }
  await inTransaction(db, async (tx) => {
    await queries.finishPost(tx, actor.companyId, post.id, counts);
    await recordPostHistory(tx, actor, post.id, 'posted', {
      branch_id: names.branchId,
      start_date: body.start_date,
      end_date: body.end_date,
      documents: counts.documents,
      created: counts.created,
      altered: counts.altered,
      cancelled: counts.cancelled,
      errors: counts.errors,
    });
  });
  const status = await tallyStatus({ db, actor, tally, branchId: names.branchId });
  return status.last_post as TallyPost;
}

export async function tallyStatus(options: {
  db: Database;
  actor: Principal;
  tally: TallyClient | undefined;
  branchId: number;
}): Promise<TallyStatus> {
  const { db, actor, tally, branchId } = options;
  const branch = await queries.findBranch(db, actor.companyId, branchId);
  if (!branch) throw notFound('Branch');
  assertBranchAccess(actor, branch.id);
  const post = await queries.lastPost(db, actor.companyId, branch.id);
  if (!post) return { configured: tally !== undefined, last_post: null };
  const results = await queries.postResults(db, actor.companyId, post.id);
  return {
    configured: tally !== undefined,
    last_post: {
      id: post.id,
      branch_id: post.branch_id,
      start_date: post.start_date,
      end_date: post.end_date,
      documents: post.documents,
      created: post.created,
      altered: post.altered,
      cancelled: post.cancelled,
      errors: post.errors,
      master_errors: post.master_errors,
      posted_by: post.posted_by_name,
      posted_at: post.created_at,
      results: results.map((r) => ({
        document_kind: r.document_kind,
        document_id: r.document_id,
        voucher_number: r.voucher_number,
        action: r.last_action,
        result: r.last_result,
        error: r.last_error,
      })),
    },
  };
}
