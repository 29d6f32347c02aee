import { createHash } from 'node:crypto';
import {
  TALLY_MESSAGES,
  type TallyCheck,
  type TallyDocumentKindName,
  type TallyProblem,
  type TallyRangeQuery,
} from '@b2b/domain/api/tally';
import {
  TALLY_LEDGER_PURPOSES,
  type TallyLedgerPurposeName,
  type TallyVoucherKindName,
} from '@b2b/domain/tally';
import {
  moneyVoucher,
  type TallyAction,
  type TallyVoucher,
  tradeCharges,
  tradeVoucher,
} from '@b2b/domain/tally/tally-xml';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { TallyDocumentKind } from '../../db/schema.ts';
import { getTallySettings } from '../branches/tally-settings.ts';
import * as queries from './tally.queries.ts';
import type { PreparedDocument } from './tally-prepared-document.ts';
import * as stockQueries from './tally-stock-journals.queries.ts';
import { prepareStockJournal } from './tally-stock-journals.ts';

/**
 * The documents of a branch and a date range as Tally vouchers (issue 22): the branch's Tally names,
 * each document prepared (its action, what it lacks, its voucher) batch by batch, and the check.
 * Every voucher carries a GUID (and REMOTEID) made from the company, the document's kind and its id,
 * and ACTION Create the first time it goes out, Alter after, Cancel once the document is cancelled;
 * tally_exports remembers what went out, so importing a file again never duplicates a voucher.
 */

export const BATCH = 500;
const MAX_PROBLEMS = 500;
const MAX_RANGE_DAYS = 366;

/** The stable id of a document's voucher: the same for every export, unique across companies. */
export function voucherGuid(companyId: number, kind: TallyDocumentKind, documentId: number): string {
  const hex = createHash('sha1').update(`b2b-tally/${companyId}/${kind}/${documentId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface BranchNames {
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

export async function branchNames(
  db: Database,
  actor: Principal,
  range: TallyRangeQuery,
): Promise<BranchNames> {
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

export const rangeOf = (names: BranchNames, range: TallyRangeQuery): queries.DocumentRange => ({
  companyId: names.companyId,
  branchId: names.branchId,
  startDate: range.start_date,
  endDate: range.end_date,
});

export const purposeLabel = (purpose: TallyLedgerPurposeName) =>
  TALLY_LEDGER_PURPOSES.find((p) => p.purpose === purpose)?.label ?? purpose;

// ---- Documents as vouchers ----------------------------------------------------------------

const TRADE = {
  invoice: { trade: 'sales', voucher: 'sales', goods: 'sales', tax: 'output' },
  credit_note: { trade: 'credit_note', voucher: 'credit_note', goods: 'sales', tax: 'output' },
  debit_note: { trade: 'debit_note', voucher: 'debit_note', goods: 'purchase', tax: 'input' },
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
  kind: 'invoice' | 'credit_note' | 'bill' | 'debit_note',
  head: queries.DocumentHead,
  allLines: queries.DocumentLine[],
  guid: string,
  action: TallyAction,
): PreparedDocument {
  // A debit note of a rate difference or a shortage moves no goods: its lines are not stock entries.
  const lines = head.has_goods ? allLines : [];
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
  // Without goods (a rate difference), the value is the goods ledger's alone.
  const chargesLedger =
    tradeCharges(base) === 0 ? null : head.has_goods ? ledger('shipping_charges') : goodsLedger;
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
export async function* preparedBatches(db: Database, names: BranchNames, range: queries.DocumentRange) {
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
        kind === 'invoice' || kind === 'credit_note' || kind === 'bill' || kind === 'debit_note'
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
  yield* stockJournalBatches(db, names, range);
}

/** The range's inventory adjustments and transfers as stock journals, after the other documents. */
async function* stockJournalBatches(db: Database, names: BranchNames, range: queries.DocumentRange) {
  for (const kind of ['inventory_adjustment', 'inventory_transfer'] as const) {
    let after: queries.Cursor | null = null;
    for (;;) {
      const heads = await stockQueries.stockJournalHeads(db, kind, range, after, BATCH);
      if (heads.length === 0) break;
      const last = heads[heads.length - 1] as stockQueries.StockJournalHead;
      after = { date: last.date, id: last.id };
      const ids = heads.map((h) => h.id);
      const records = new Map(
        (await queries.exportRecords(db, names.companyId, kind, ids)).map((r) => [r.document_id, r]),
      );
      const linesOf = new Map<number, stockQueries.StockJournalLine[]>();
      for (const line of await stockQueries.stockJournalLines(db, names.companyId, kind, ids)) {
        linesOf.set(line.document_id, [...(linesOf.get(line.document_id) ?? []), line]);
      }
      const batch: PreparedDocument[] = [];
      for (const head of heads) {
        const action = actionFor(head.cancelled, records.get(head.id));
        if (action === null) continue;
        const guid = records.get(head.id)?.guid ?? voucherGuid(names.companyId, kind, head.id);
        batch.push(prepareStockJournal(names, kind, head, linesOf.get(head.id) ?? [], guid, action));
      }
      yield batch;
      if (heads.length < BATCH) break;
    }
  }
}

export async function runCheck(
  db: Database,
  names: BranchNames,
  range: queries.DocumentRange,
): Promise<TallyCheck> {
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

export async function refuseIncomplete(db: Database, names: BranchNames, range: queries.DocumentRange) {
  const check = await runCheck(db, names, range);
  if (check.incomplete > 0) throw conflict(TALLY_MESSAGES.incomplete(check.incomplete));
  return check;
}
