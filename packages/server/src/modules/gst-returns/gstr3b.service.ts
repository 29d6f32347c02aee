import type {
  FiledPeriodCreate,
  FiledPeriodOutput,
  Gstr3bDocumentOutput,
  Gstr3bOutput,
} from '@b2b/domain/api/gstr3b';
import {
  computeGstr3b,
  GSTR3B_MESSAGES,
  type Gstr3bEntryHead,
  type Gstr3bHead,
  type Gstr3bSums,
  periodDays,
  type TaxFigures,
} from '@b2b/domain/gst/gstr3b';
import { toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { lockFiledPeriods } from './gst-period-lock.ts';
import * as queries from './gstr3b.queries.ts';

/**
 * GSTR-3B of a GSTIN and month, the documents behind each of its figures, and the periods marked
 * filed (issue 22). A GSTIN is a registration: every branch that carries it files under it, so
 * the return sums their documents. A user limited to some branches sees the GSTINs of those
 * branches only, and only those branches' documents.
 */

const recordFiledPeriodHistory = historyWriter('gst_filed_period');

const gstinNotFound = () => new AppError('not_found', GSTR3B_MESSAGES.gstin_not_found);

/** The GSTINs the user may prepare returns for, each with its branches. */
export async function listGstins(db: Executor, actor: Principal) {
  const rows = await queries.gstinBranches(db, actor.companyId, branchScope(actor));
  const byGstin = new Map<string, { id: number; name: string }[]>();
  for (const row of rows) {
    byGstin.set(row.gstin, [...(byGstin.get(row.gstin) ?? []), { id: Number(row.id), name: row.name }]);
  }
  return { results: [...byGstin].map(([gstin, branches]) => ({ gstin, branches })) };
}

/** The branches of a GSTIN in the user's scope; 404 when it is none of theirs. */
async function branchesOfGstin(db: Executor, actor: Principal, gstin: string) {
  const { results } = await listGstins(db, actor);
  const entry = results.find((row) => row.gstin === gstin);
  if (!entry) throw gstinNotFound();
  return entry.branches;
}

const figuresInRupees = (figures: TaxFigures) => ({
  taxable_value: toRupees(figures.taxable_paise),
  igst: toRupees(figures.igst_paise),
  cgst: toRupees(figures.cgst_paise),
  sgst: toRupees(figures.sgst_paise),
  cess: toRupees(figures.cess_paise),
});

function windowOf(actor: Principal, gstin: string, period: string): queries.Gstr3bWindow {
  const { start, end } = periodDays(period);
  return { companyId: actor.companyId, gstin, start, end, scope: branchScope(actor) };
}

/** GET .../gst_returns/gstr3b: the return's tables. */
export async function getGstr3b(
  db: Executor,
  actor: Principal,
  query: { gstin: string; period: string },
): Promise<Gstr3bOutput> {
  const branches = await branchesOfGstin(db, actor, query.gstin);
  const rows = await queries.sumsByHead(db, windowOf(actor, query.gstin, query.period));
  const sums: Gstr3bSums = { heads: {}, unregisteredInterState: [] };
  const stateNames = new Map<string, string>();
  const unregistered: Gstr3bSums['unregisteredInterState'][number][] = [];
  for (const row of rows) {
    const figures = {
      taxable_paise: row.taxable_paise,
      igst_paise: row.igst_paise,
      cgst_paise: row.cgst_paise,
      sgst_paise: row.sgst_paise,
      cess_paise: row.cess_paise,
    };
    if (row.head === '3.2' && row.state_code !== null) {
      unregistered.push({ state_code: row.state_code, ...figures });
      stateNames.set(row.state_code, row.state_name ?? row.state_code);
    } else if (row.head !== '3.2') {
      sums.heads[row.head as Gstr3bEntryHead] = figures;
    }
  }
  sums.unregisteredInterState = unregistered;
  const table = computeGstr3b(sums);
  const [filed] = await queries.listFiledPeriods(
    db,
    actor.companyId,
    { gstins: null, gstin: query.gstin, period: query.period },
    { limit: 10, offset: 0 },
  );
  return {
    gstin: query.gstin,
    period: query.period,
    branches,
    outward: {
      '3.1a': figuresInRupees(table.outward['3.1a']),
      '3.1b': figuresInRupees(table.outward['3.1b']),
      '3.1c': figuresInRupees(table.outward['3.1c']),
      '3.1d': figuresInRupees(table.outward['3.1d']),
      '3.1e': figuresInRupees(table.outward['3.1e']),
    },
    unregistered_inter_state: table.unregistered_inter_state.map((row) => ({
      state_code: row.state_code,
      state_name: stateNames.get(row.state_code) ?? row.state_code,
      ...figuresInRupees(row),
    })),
    itc: {
      reverse_charge: figuresInRupees(table.itc.reverse_charge),
      all_other: figuresInRupees(table.itc.all_other),
      available: figuresInRupees(table.itc.available),
      reversed: figuresInRupees(table.itc.reversed),
      net: figuresInRupees(table.itc.net),
    },
    inward_exempt: {
      nil_exempt: {
        inter_state: toRupees(table.inward_exempt.nil_exempt.inter_state_paise),
        intra_state: toRupees(table.inward_exempt.nil_exempt.intra_state_paise),
      },
      non_gst: {
        inter_state: toRupees(table.inward_exempt.non_gst.inter_state_paise),
        intra_state: toRupees(table.inward_exempt.non_gst.intra_state_paise),
      },
    },
    payment: table.payment.map((row) => ({
      head: row.head,
      payable: toRupees(row.payable_paise),
      paid_by_itc: {
        igst: toRupees(row.paid_by_itc.igst),
        cgst: toRupees(row.paid_by_itc.cgst),
        sgst: toRupees(row.paid_by_itc.sgst),
        cess: toRupees(row.paid_by_itc.cess),
      },
      paid_in_cash: toRupees(row.paid_in_cash_paise),
      reverse_charge: toRupees(row.reverse_charge_paise),
      carried_forward: toRupees(row.carried_forward_paise),
    })),
    filed: filed.map(presentFiledPeriod),
  };
}

/** GET .../gst_returns/gstr3b/documents: one page of the documents behind a head's figure. */
export async function gstr3bDocuments(
  db: Executor,
  actor: Principal,
  query: { gstin: string; period: string; head: Gstr3bHead },
  window: PageWindow,
): Promise<{ count: number; results: Gstr3bDocumentOutput[] }> {
  await branchesOfGstin(db, actor, query.gstin);
  const w = windowOf(actor, query.gstin, query.period);
  const rows = await queries.documentsOfHead(db, w, query.head, window);
  const count = rows.length > 0 ? rows[0].total_count : await queries.countDocumentsOfHead(db, w, query.head);
  return {
    count,
    results: rows.map((row) => ({
      head: row.head,
      kind: row.kind,
      id: row.id,
      number: row.number,
      date: row.day,
      party: row.party,
      party_gstin: row.party_gstin,
      ...figuresInRupees(row),
    })),
  };
}

// ---------------------------------------------------------------------------
// Filed periods
// ---------------------------------------------------------------------------

function presentFiledPeriod(row: queries.FiledPeriodRow): FiledPeriodOutput {
  return {
    id: Number(row.id),
    gstin: row.gstin,
    period: row.period,
    return_type: row.return_type,
    filed_at: row.filed_at,
    filed_by: row.filed_by === null ? null : { id: Number(row.filed_by), name: row.filed_by_name ?? '' },
  };
}

/** GET .../gst_returns/filed_periods: of the GSTINs in the user's scope. */
export async function listFiledPeriods(
  db: Executor,
  actor: Principal,
  filter: { gstin?: string; period?: string; returnType?: FiledPeriodCreate['return_type'] },
  window: PageWindow,
) {
  const scope = branchScope(actor);
  const gstins = scope === null ? null : (await listGstins(db, actor)).results.map((row) => row.gstin);
  const [rows, { count }] = await queries.listFiledPeriods(
    db,
    actor.companyId,
    { gstins, ...filter },
    window,
  );
  return { count: Number(count), results: rows.map(presentFiledPeriod) };
}

/** POST .../gst_returns/filed_periods: marks a GSTIN's return of a month filed. */
export async function markPeriodFiled(options: {
  db: Database;
  actor: Principal;
  input: FiledPeriodCreate;
}): Promise<FiledPeriodOutput> {
  const { db, actor, input } = options;
  await branchesOfGstin(db, actor, input.gstin);
  // No return is filed for a month to come (the running month may be: a quarter's filer, or the
  // portal's early filing on its last day, records it when it is done).
  if (periodDays(input.period).start > todayInIndia())
    throw conflict(GSTR3B_MESSAGES.future_period, 'period');
  const id = await inTransaction(db, async (tx) => {
    // First and alone: document changes of the company that passed the lock commit before this
    // mark, later ones wait for it and are refused (gst-period-lock.ts).
    await lockFiledPeriods(tx, actor.companyId);
    const inserted = await queries.insertFiledPeriod(tx, {
      companyId: actor.companyId,
      gstin: input.gstin,
      period: input.period,
      returnType: input.return_type,
      userId: actor.userId,
    });
    if (!inserted) throw conflict(GSTR3B_MESSAGES.already_filed(input.return_type, input.period));
    await recordFiledPeriodHistory(tx, actor, Number(inserted.id), 'filed', {
      gstin: input.gstin,
      period: input.period,
      return_type: input.return_type,
    });
    return Number(inserted.id);
  });
  const row = await queries.findFiledPeriod(db, actor.companyId, id);
  if (!row) throw new AppError('not_found', GSTR3B_MESSAGES.filed_period_not_found);
  return presentFiledPeriod(row);
}

/** DELETE .../gst_returns/filed_periods/:id: reopens the period (its documents may change again). */
export async function reopenPeriod(options: { db: Database; actor: Principal; id: number }): Promise<void> {
  const { db, actor, id } = options;
  const row = await queries.findFiledPeriod(db, actor.companyId, id);
  if (!row) throw new AppError('not_found', GSTR3B_MESSAGES.filed_period_not_found);
  // A user limited to some branches reopens only the periods of their branches' GSTINs.
  await branchesOfGstin(db, actor, row.gstin).catch(() => {
    throw new AppError('not_found', GSTR3B_MESSAGES.filed_period_not_found);
  });
  await inTransaction(db, async (tx) => {
    const deleted = await queries.deleteFiledPeriod(tx, actor.companyId, id);
    if (!deleted) throw new AppError('not_found', GSTR3B_MESSAGES.filed_period_not_found);
    await recordFiledPeriodHistory(tx, actor, id, 'reopened', {
      gstin: deleted.gstin,
      period: deleted.period,
      return_type: deleted.return_type,
    });
  });
}
