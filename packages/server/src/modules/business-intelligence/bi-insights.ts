import {
  BI_MESSAGES,
  type BiAction,
  type BiActionMark,
  type BiInsights,
  type BiSection,
  type BiUnit,
  followUpsMessage,
} from '@b2b/domain/api/business-intelligence';
import { actionPeriodOf, BI_TOP_ROWS } from '@b2b/domain/business-intelligence';
import { formatDay } from '@b2b/domain/invoices';
import { formatMoneyShort, toRupees } from '@b2b/domain/money';
import { AppError, conflict } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { followUpBuyers } from '../leads/lead-follow-ups.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import type { BiScope } from './business-intelligence.queries.ts';
import * as queries from './business-intelligence.queries.ts';
import {
  businessFacts,
  buyerFacts,
  inventoryPerformance,
  productPerformance,
  SECTION_READERS,
  salesPerformance,
  scopeOf,
} from './business-intelligence.service.ts';

// Actionable insights (issue 25): each section's flags turned into actions with the figures behind
// them and what does it: a link to the page that acts, prefilled (a payment-reminder campaign, a
// purchase order), or a notice raised for the team (call these buyers). An action is marked done
// or dismissed for India's calendar month; a mark is refused when the action no longer holds
// (the buyers paid), and the answer says so instead of acting.

/** An action as a section proposes it, before its mark is read. */
type Proposed = Omit<BiAction, 'status' | 'marked_at' | 'marked_by'>;

const NOTICE_SERVICE = 'business_intelligence';
const money = (rupees: number) => formatMoneyShort(rupees);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const subject = (id: number | null, name: string, value: number, unit: BiUnit, note: string) => ({
  id,
  name,
  value,
  unit,
  note,
});
/** A campaign title the campaign form accepts: letters, digits, hyphen, underscore, dot and space. */
const campaignTitle = (words: string, asOf: string) => `${words} ${asOf}`.replace(/[^A-Za-z0-9 ._-]/g, '');

const RECURRING_CAMPAIGN_NEW = '/campaigns/automated-recurring-campaign';
const CAMPAIGN_NEW = '/campaigns/one-time-campaign';

function remindOverdue(
  key: string,
  overdue: { id: number; name: string; overdue: number }[],
  asOf: string,
): Proposed | null {
  if (overdue.length === 0) return null;
  const total = overdue.reduce((s, r) => s + r.overdue, 0);
  return {
    key,
    severity: 'high',
    title: `Remind ${plural(overdue.length, 'buyer')} with ${money(toRupees(total))} overdue`,
    detail:
      'A recurring payment reminder sends each overdue buyer what is due, again every few days until they pay.',
    figures: [
      { label: 'Buyers overdue', value: overdue.length, unit: 'count' },
      { label: 'Overdue', value: toRupees(total), unit: 'money' },
    ],
    subjects: overdue
      .slice(0, BI_TOP_ROWS)
      .map((r) => subject(r.id, r.name, toRupees(r.overdue), 'money', 'overdue')),
    do: {
      kind: 'link',
      label: 'Set up the payment reminder',
      path: RECURRING_CAMPAIGN_NEW,
      search: {
        campaignMedium: 'whatsapp',
        purpose: 'payment_reminder',
        title: campaignTitle('Payment reminder', asOf),
      },
    },
  };
}

async function businessActions(db: Executor, scope: BiScope): Promise<Proposed[]> {
  const { output, receivables } = await businessFacts(db, scope);
  const m = (key: string) => output.metrics.find((x) => x.key === key);
  const actions: (Proposed | null)[] = [];
  const overdue = receivables.filter((r) => r.overdue > 0).sort((a, b) => b.overdue - a.overdue);
  actions.push(remindOverdue('business.remind_overdue', overdue, scope.windows.as_of));
  const revenue = m('revenue');
  if (
    revenue?.change_percent !== null &&
    revenue?.change_percent !== undefined &&
    revenue.change_percent < -10
  ) {
    actions.push({
      key: 'business.revenue_down',
      severity: 'high',
      title: `Revenue is ${Math.abs(revenue.change_percent)}% below the 180-day average: win back the buyers buying less`,
      detail: 'The buyers whose purchases fell the most explain most of the drop; call them this week.',
      figures: [
        { label: 'Last 30 days', value: revenue.value ?? 0, unit: 'money' },
        { label: '180-day average', value: revenue.average ?? 0, unit: 'money' },
      ],
      subjects: [],
      do: {
        kind: 'link',
        label: 'See the buyers below their average',
        path: '/business-intelligence/buyer-performance/actionable-insights',
        search: {},
      },
    });
  }
  const returns = m('returns_rate');
  // Above 5% and above its average (or with no average yet: a new business's returns count too).
  if (
    returns?.value !== null &&
    returns?.value !== undefined &&
    returns.value > 5 &&
    (returns.change_percent === null || returns.change_percent > 0)
  ) {
    actions.push({
      key: 'business.returns_high',
      severity: 'medium',
      title: `Returns are ${returns.value}% of sales: find out why`,
      detail: 'More goods came back than usual; the sales returns show which products and buyers.',
      figures: [
        { label: 'Returns rate', value: returns.value, unit: 'percent' },
        { label: '180-day average', value: returns.average ?? 0, unit: 'percent' },
      ],
      subjects: [],
      do: { kind: 'link', label: 'Open sales returns', path: '/sales-returns', search: {} },
    });
  }
  const margin = m('gross_margin');
  if (margin?.value != null && margin.average != null && margin.value < margin.average - 2) {
    actions.push({
      key: 'business.margin_down',
      severity: 'medium',
      title: `Gross margin fell to ${margin.value}% from ${margin.average}%: review the low-margin products`,
      detail: 'Discounts or costs rose faster than prices; the margin laggards show where.',
      figures: [
        { label: 'Gross margin', value: margin.value, unit: 'percent' },
        { label: '180-day average', value: margin.average, unit: 'percent' },
      ],
      subjects: [],
      do: {
        kind: 'link',
        label: 'See the margin laggards',
        path: '/business-intelligence/product-performance',
        search: {},
      },
    });
  }
  return actions.filter((a): a is Proposed => a !== null);
}

async function buyerActions(db: Executor, scope: BiScope): Promise<Proposed[]> {
  return buyerActionsOf(await buyerFacts(db, scope), scope);
}

function buyerActionsOf(facts: Awaited<ReturnType<typeof buyerFacts>>, scope: BiScope): Proposed[] {
  const { output, receivables } = facts;
  const asOf = scope.windows.as_of;
  const actions: (Proposed | null)[] = [];
  const overdue = receivables.filter((r) => r.overdue > 0).sort((a, b) => b.overdue - a.overdue);
  actions.push(remindOverdue('buyer.remind_overdue', overdue, asOf));
  const overLimit = output.credit_risk.filter((r) => r.over_limit_by > 0);
  if (overLimit.length > 0) {
    const total = overLimit.reduce((s, r) => s + r.over_limit_by, 0);
    actions.push({
      key: 'buyer.credit_limit',
      severity: 'high',
      title: `${plural(overLimit.length, 'buyer')} ${overLimit.length === 1 ? 'is' : 'are'} ${money(total)} over their credit limit: ask them to pay before the next order`,
      detail: 'A recurring credit-limit message tells buyers how much of their limit they have used.',
      figures: [
        { label: 'Buyers over the limit', value: overLimit.length, unit: 'count' },
        { label: 'Over the limit by', value: total, unit: 'money' },
      ],
      subjects: overLimit
        .slice(0, BI_TOP_ROWS)
        .map((r) =>
          subject(r.id, r.name, r.over_limit_by, 'money', `over a limit of ${money(r.credit_limit ?? 0)}`),
        ),
      do: {
        kind: 'link',
        label: 'Set up the credit-limit message',
        path: RECURRING_CAMPAIGN_NEW,
        search: {
          campaignMedium: 'whatsapp',
          purpose: 'credit_limit_used',
          title: campaignTitle('Credit limit used', asOf),
        },
      },
    });
  }
  if (output.lapsed.length > 0) {
    const monthly = output.lapsed.reduce((s, r) => s + r.average, 0);
    actions.push({
      key: 'buyer.call_lapsed',
      severity: 'medium',
      title: `Call ${plural(output.lapsed.length, 'lapsed buyer')} who bought ${money(monthly)} a month`,
      detail:
        'They bought in the 180 days before but nothing in the last 30. A call now costs less than a new buyer: each gets a follow-up due today for their sales person.',
      figures: [
        { label: 'Lapsed buyers', value: output.lapsed.length, unit: 'count' },
        { label: 'Their average month', value: monthly, unit: 'money' },
      ],
      subjects: output.lapsed
        .slice(0, BI_TOP_ROWS)
        .map((r) =>
          subject(r.id, r.name, r.average, 'money', `last bought ${formatDay(r.last_purchase_date)}`),
        ),
      do: { kind: 'notify', label: 'Create follow-ups for today' },
    });
  }
  if (output.below_average.length > 0) {
    const shortfall = output.below_average.reduce((s, r) => s + r.shortfall, 0);
    actions.push({
      key: 'buyer.call_below_average',
      severity: 'medium',
      title: `${plural(output.below_average.length, 'buyer')} bought ${money(shortfall)} less than usual: find out why`,
      detail: 'Their last 30 days fell more than 20% below their 180-day average.',
      figures: [
        { label: 'Buyers below average', value: output.below_average.length, unit: 'count' },
        { label: 'Shortfall', value: shortfall, unit: 'money' },
      ],
      subjects: output.below_average
        .slice(0, BI_TOP_ROWS)
        .map((r) => subject(r.id, r.name, r.shortfall, 'money', `${r.change_percent ?? 0}% against average`)),
      do: { kind: 'notify', label: 'Ask the team to call them' },
    });
  }
  return actions.filter((a): a is Proposed => a !== null);
}

async function productActions(db: Executor, scope: BiScope): Promise<Proposed[]> {
  const output = await productPerformance(db, scope);
  const asOf = scope.windows.as_of;
  const actions: Proposed[] = [];
  if (output.discount_view.length > 0) {
    const ended = output.discount_view.filter((r) => r.offer_state === 'ended');
    actions.push({
      key: 'product.discount_view',
      severity: 'high',
      title: `${plural(output.discount_view.length, 'product')} sell more than 30% below average ${ended.length === output.discount_view.length ? 'since their offer ended' : 'despite or after an offer'}: promote them`,
      detail:
        'The discount view: sales down more than 30% against the 180-day average while an offer ran or after it ended.',
      figures: [
        { label: 'Products', value: output.discount_view.length, unit: 'count' },
        { label: 'Offers ended', value: ended.length, unit: 'count' },
      ],
      subjects: output.discount_view
        .slice(0, BI_TOP_ROWS)
        .map((r) =>
          subject(
            r.id,
            r.name,
            r.change_percent ?? 0,
            'percent',
            r.offer_state === 'ended'
              ? `${r.offer_title} ended ${r.offer_end_date ? formatDay(r.offer_end_date) : ''}`.trim()
              : `despite ${r.offer_title}`,
          ),
        ),
      do: {
        kind: 'link',
        label: 'Create a promotional campaign',
        path: CAMPAIGN_NEW,
        search: { campaignMedium: 'whatsapp', title: campaignTitle('Back in focus', asOf) },
      },
    });
  }
  const falling = output.falling.filter((r) => !output.discount_view.some((d) => d.id === r.id));
  if (falling.length > 0) {
    const gap = falling.reduce((s, r) => s + Math.max(0, r.average - r.recent), 0);
    actions.push({
      key: 'product.promote_falling',
      severity: 'medium',
      title: `${plural(falling.length, 'product')} sold ${money(gap)} less than usual: tell buyers about them`,
      detail: 'Their last 30 days fell more than 20% below their 180-day average.',
      figures: [
        { label: 'Falling products', value: falling.length, unit: 'count' },
        { label: 'Below average by', value: gap, unit: 'money' },
      ],
      subjects: falling.map((r) =>
        subject(r.id, r.name, r.change_percent ?? 0, 'percent', `${money(r.recent)} in 30 days`),
      ),
      do: {
        kind: 'link',
        label: 'Create a promotional campaign',
        path: CAMPAIGN_NEW,
        search: { campaignMedium: 'whatsapp', title: campaignTitle('Popular picks', asOf) },
      },
    });
  }
  const losing = output.margin_laggards.filter((r) => r.margin < 5);
  if (losing.length > 0) {
    actions.push({
      key: 'product.review_margin',
      severity: 'medium',
      title: `${plural(losing.length, 'product')} earn${losing.length === 1 ? 's' : ''} under 5% margin: review their prices`,
      detail:
        'Net Sales less the cost at sale in the last 30 days; the profit and loss report has every product.',
      figures: [{ label: 'Products under 5%', value: losing.length, unit: 'count' }],
      subjects: losing.map((r) => subject(r.id, r.name, r.margin, 'percent', `${money(r.profit)} profit`)),
      do: {
        kind: 'link',
        label: 'Open profit and loss',
        path: '/reports/product-reports/profit-loss',
        search: {},
      },
    });
  }
  return actions;
}

async function inventoryActions(db: Executor, scope: BiScope): Promise<Proposed[]> {
  const output = await inventoryPerformance(db, scope);
  const asOf = scope.windows.as_of;
  const actions: Proposed[] = [];
  if (output.below_cover.length > 0) {
    const lines = output.below_cover.slice(0, 25);
    actions.push({
      key: 'inventory.reorder',
      severity: 'high',
      title: `Reorder ${plural(output.below_cover.length, 'product')} below ${15} days of cover`,
      detail:
        'At the rate they sold in the last 210 days, their stock runs out within two weeks; the order tops them up to 45 days.',
      figures: [
        { label: 'Products', value: output.below_cover.length, unit: 'count' },
        {
          label: 'Out of stock',
          value: output.below_cover.filter((r) => r.on_hand <= 0).length,
          unit: 'count',
        },
      ],
      subjects: output.below_cover
        .slice(0, BI_TOP_ROWS)
        .map((r) =>
          subject(
            r.id,
            r.name,
            r.reorder_quantity,
            'quantity',
            `${r.days_of_cover ?? 0} days of cover, ${r.on_hand} on hand`,
          ),
        ),
      do: {
        kind: 'link',
        label: 'Draft the purchase order',
        path: '/purchase-orders/new',
        search: { items: lines.map((r) => `${r.id}:${r.reorder_quantity}`).join(',') },
      },
    });
  }
  if (output.slow_movers.length > 0) {
    const value = output.slow_movers.reduce((s, r) => s + r.stock_value, 0);
    actions.push({
      key: 'inventory.clear_slow',
      severity: 'medium',
      title: `Clear ${money(value)} of stock in ${plural(output.slow_movers.length, 'product')} whose sales fell more than 60%`,
      detail:
        'The inventory view: products with stock whose last 30 days sold more than 60% less than the 60 days before.',
      figures: [
        { label: 'Products', value: output.slow_movers.length, unit: 'count' },
        { label: 'Stock value', value, unit: 'money' },
      ],
      subjects: output.slow_movers
        .slice(0, BI_TOP_ROWS)
        .map((r) =>
          subject(
            r.id,
            r.name,
            r.stock_value,
            'money',
            `${r.change_percent ?? 0}% against 60 days, ${r.on_hand} on hand`,
          ),
        ),
      do: {
        kind: 'link',
        label: 'Create a clearance campaign',
        path: CAMPAIGN_NEW,
        search: { campaignMedium: 'whatsapp', title: campaignTitle('Clearance', asOf) },
      },
    });
  }
  if (output.dead_stock.length > 0) {
    const value = output.dead_stock.reduce((s, r) => s + r.stock_value, 0);
    actions.push({
      key: 'inventory.dead_stock',
      severity: 'low',
      title: `${money(value)} of stock has not sold in 180 days: decide what to do with it`,
      detail: 'Return it to the seller, move it to a branch that sells it, or sell it off.',
      figures: [
        { label: 'Products', value: output.dead_stock.length, unit: 'count' },
        { label: 'Value at cost', value, unit: 'money' },
      ],
      subjects: output.dead_stock
        .slice(0, BI_TOP_ROWS)
        .map((r) =>
          subject(
            r.id,
            r.name,
            r.stock_value,
            'money',
            r.last_sold_on ? `last sold ${formatDay(r.last_sold_on)}` : 'never sold',
          ),
        ),
      do: {
        kind: 'link',
        label: 'Open unsold products',
        path: '/reports/product-reports/unsold-products',
        search: {},
      },
    });
  }
  if (output.stock_outs.length > 0) {
    const waiting = output.stock_outs.reduce((s, r) => s + r.waiting_value, 0);
    const monthly = output.stock_outs.reduce((s, r) => s + r.monthly_sales, 0);
    actions.push({
      key: 'inventory.stock_outs',
      severity: 'high',
      title: `${plural(output.stock_outs.length, 'product')} out of stock: ${money(waiting)} of orders wait and ${money(monthly)} a month is at risk`,
      detail: 'Tell the buyers waiting when the goods come, and the purchase team what to chase.',
      figures: [
        { label: 'Orders waiting', value: waiting, unit: 'money' },
        { label: 'Sales a month', value: monthly, unit: 'money' },
      ],
      subjects: output.stock_outs
        .slice(0, BI_TOP_ROWS)
        .map((r) => subject(r.id, r.name, r.waiting_value, 'money', `${r.waiting_quantity} waiting`)),
      do: { kind: 'notify', label: 'Tell the purchase team' },
    });
  }
  return actions;
}

async function salesActions(db: Executor, scope: BiScope): Promise<Proposed[]> {
  const [output, pending] = await Promise.all([
    salesPerformance(db, scope),
    queries.quotationsToFollowUp(db, scope),
  ]);
  const actions: Proposed[] = [];
  if (pending.length > 0) {
    const total = pending.reduce((s, q) => s + q.total, 0);
    actions.push({
      key: 'sales.follow_up_quotations',
      severity: 'high',
      title: `Follow up ${plural(pending.length, 'quotation')} worth ${money(toRupees(total))} waiting more than a week`,
      detail: 'Submitted quotations of the last 90 days that have not become orders.',
      figures: [
        { label: 'Quotations', value: pending.length, unit: 'count' },
        { label: 'Worth', value: toRupees(total), unit: 'money' },
      ],
      subjects: pending
        .slice(0, BI_TOP_ROWS)
        .map((q) => subject(q.id, q.name, toRupees(q.total), 'money', 'submitted')),
      do: { kind: 'link', label: 'Open quotations', path: '/quotations', search: {} },
    });
  }
  const behind = output.people.filter(
    (p) => p.id !== null && p.change_percent !== null && p.change_percent < -20,
  );
  if (behind.length > 0) {
    actions.push({
      key: 'sales.coach_behind',
      severity: 'medium',
      title: `${plural(behind.length, 'sales person', 'sales people')} sold more than 20% below their average: review their pipeline`,
      detail: 'Their buyers and quotations of the last 30 days show where the orders went.',
      figures: [{ label: 'Sales people', value: behind.length, unit: 'count' }],
      subjects: behind.map((p) =>
        subject(p.id, p.name, p.change_percent ?? 0, 'percent', `${money(p.revenue)} in 30 days`),
      ),
      do: { kind: 'notify', label: 'Note it for the sales review' },
    });
  }
  return actions;
}

const PROPOSERS: Record<BiSection, (db: Executor, scope: BiScope) => Promise<Proposed[]>> = {
  'business-performance': businessActions,
  'buyer-performance': buyerActions,
  'product-performance': productActions,
  'inventory-performance': inventoryActions,
  'sales-performance': salesActions,
};

/** The section of an action key ('buyer.remind_overdue' -> buyer-performance). */
const SECTION_OF_PREFIX: Record<string, BiSection> = {
  business: 'business-performance',
  buyer: 'buyer-performance',
  product: 'product-performance',
  inventory: 'inventory-performance',
  sales: 'sales-performance',
};

const SEVERITY = { high: 0, medium: 1, low: 2 } as const;
const STATUS_ORDER = { open: 0, done: 1, dismissed: 2 } as const;

/** GET .../{section}/actionable-insights: the section's actions with this month's marks; open ones first. */
export async function sectionInsights(
  db: Executor,
  actor: Principal,
  section: BiSection,
): Promise<BiInsights> {
  const scope = scopeOf(actor);
  const period = actionPeriodOf(scope.windows.as_of);
  const [proposed, marks] = await Promise.all([
    PROPOSERS[section](db, scope),
    queries.findMarks(db, actor.companyId, period),
  ]);
  const markOf = new Map(marks.map((m) => [m.action_key, m]));
  const actions = proposed.map((action): BiAction => {
    const mark = markOf.get(action.key);
    return {
      ...action,
      status: mark ? mark.status : 'open',
      marked_at: mark ? new Date(mark.marked_at).toISOString() : null,
      marked_by: mark ? `${mark.first_name ?? ''} ${mark.last_name ?? ''}`.trim() || null : null,
    };
  });
  actions.sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || SEVERITY[a.severity] - SEVERITY[b.severity],
  );
  return { section, windows: scope.windows, period, actions };
}

/** The action of `key` as it stands now, or null when it no longer holds (the buyers paid). */
async function currentAction(db: Executor, scope: BiScope, key: string) {
  const section = SECTION_OF_PREFIX[key.split('.')[0] ?? ''];
  if (!section) throw new AppError('not_found', BI_MESSAGES.unknown_action);
  const proposed = await PROPOSERS[section](db, scope);
  return { section, action: proposed.find((a) => a.key === key) ?? null };
}

/**
 * POST .../business-intelligence/actions/{key}: marks the action done or dismissed for this month
 * (or open again). Done and dismissed are refused with a sentence when the action no longer holds.
 */
export async function markAction(options: {
  db: Database;
  actor: Principal;
  key: string;
  input: BiActionMark;
}) {
  const { db, actor, key, input } = options;
  const scope = scopeOf(actor);
  const period = actionPeriodOf(scope.windows.as_of);
  if (input.status === 'open') {
    if (!SECTION_OF_PREFIX[key.split('.')[0] ?? ''])
      throw new AppError('not_found', BI_MESSAGES.unknown_action);
    await inTransaction(db, async (tx) => {
      const removed = await queries.deleteMark(tx, actor.companyId, key, period);
      if (removed)
        await recordHistory(tx, {
          companyId: actor.companyId,
          entityType: 'bi_action',
          entityId: Number(removed.id),
          action: 'reopened',
          userId: actor.userId,
          changes: { key, period },
        });
    });
    return { key, period, status: 'open' as const, message: BI_MESSAGES.reopened };
  }
  const { action } = await currentAction(db, scope, key);
  if (!action) throw conflict(BI_MESSAGES.no_longer_true);
  await inTransaction(db, async (tx) => {
    await saveMark(tx, actor, {
      key,
      period,
      status: input.status as 'done' | 'dismissed',
      historyAction: input.status,
      action,
      changes: { key, period, title: action.title, figures: action.figures },
    });
  });
  return {
    key,
    period,
    status: input.status,
    message: input.status === 'done' ? BI_MESSAGES.marked_done : BI_MESSAGES.dismissed,
  };
}

/**
 * POST .../business-intelligence/actions/{key}/perform: for an action that asks the team (call
 * these buyers), raises the notification with the names and figures, and marks the action done,
 * in one transaction. Refused when the action no longer holds or is a link.
 */
export async function performAction(options: { db: Database; actor: Principal; key: string }) {
  const { db, actor, key } = options;
  const scope = scopeOf(actor);
  const period = actionPeriodOf(scope.windows.as_of);
  if (key === LAPSED_KEY) return followUpLapsed({ db, actor, scope, period });
  const { action } = await currentAction(db, scope, key);
  if (!action) throw conflict(BI_MESSAGES.no_longer_true);
  if (action.do.kind !== 'notify') throw conflict(BI_MESSAGES.not_a_notice);
  const names = action.subjects.map((s) => `${s.name} (${s.note})`).join('; ');
  const message = `${action.title}: ${names}`;
  await inTransaction(db, async (tx) => {
    await raiseNotification(tx, {
      companyId: actor.companyId,
      service: NOTICE_SERVICE,
      type: action.severity === 'high' ? 'warning' : 'info',
      message,
      dedupeKey: `bi:${key}:${period}`,
    });
    await saveMark(tx, actor, {
      key,
      period,
      status: 'done',
      historyAction: 'performed',
      action,
      changes: { key, period, title: action.title, notification: message.slice(0, 1000) },
    });
  });
  return { key, period, status: 'done' as const, message: BI_MESSAGES.performed };
}

/** An action marked done or dismissed for the period, with its history row (the same transaction). */
async function saveMark(
  tx: Tx,
  actor: Principal,
  mark: {
    key: string;
    period: string;
    status: 'done' | 'dismissed';
    historyAction: string;
    action: { title: string; figures: unknown };
    changes: Record<string, unknown>;
  },
) {
  const saved = await queries.upsertMark(tx, {
    companyId: actor.companyId,
    key: mark.key,
    period: mark.period,
    status: mark.status,
    title: mark.action.title,
    figures: mark.action.figures,
    userId: actor.userId,
  });
  await recordHistory(tx, {
    companyId: actor.companyId,
    entityType: 'bi_action',
    entityId: Number(saved.id),
    action: mark.historyAction,
    userId: actor.userId,
    changes: mark.changes,
  });
}

const LAPSED_KEY = 'buyer.call_lapsed';

/** 'Lapsed buyer: bought ₹4.50 K a month in the 180 days before, last on 12 Mar 2026. Call them back.' */
const lapsedNote = (buyer: { average: number; last_purchase_date: string }) =>
  `Lapsed buyer: bought ${money(buyer.average)} a month in the 180 days before, last on ${formatDay(buyer.last_purchase_date)}. ` +
  'Call them back. (Business Intelligence)';

/**
 * POST .../actions/buyer.call_lapsed/perform: a follow-up due today for every lapsed buyer (a lead
 * linked to the buyer, leads/lead-follow-ups.ts followUpBuyers) for the sales person of its latest
 * order, none for a buyer whose follow-up is still open; and the action marked done, in one
 * transaction. Refused when no buyer is lapsed any more.
 */
async function followUpLapsed(options: { db: Database; actor: Principal; scope: BiScope; period: string }) {
  const { db, actor, scope, period } = options;
  const facts = await buyerFacts(db, scope);
  const action = buyerActionsOf(facts, scope).find((a) => a.key === LAPSED_KEY);
  const { lapsed } = facts.output;
  if (!action || lapsed.length === 0) throw conflict(BI_MESSAGES.no_longer_true);
  const people = await queries.lastSalesPersons(
    db,
    actor.companyId,
    lapsed.map((b) => b.id),
  );
  const made = await inTransaction(db, async (tx) => {
    const leads = await followUpBuyers({
      tx,
      actor,
      today: scope.windows.as_of,
      buyers: lapsed.map((b) => ({
        buyerId: b.id,
        salesPersonId: people.get(b.id) ?? null,
        notes: lapsedNote(b),
      })),
    });
    await saveMark(tx, actor, {
      key: LAPSED_KEY,
      period,
      status: 'done',
      historyAction: 'performed',
      action,
      changes: {
        key: LAPSED_KEY,
        period,
        title: action.title,
        follow_ups: leads.map((l) => l.id),
        already_open: lapsed.length - leads.length,
      },
    });
    return leads.length;
  });
  return {
    key: LAPSED_KEY,
    period,
    status: 'done' as const,
    message: followUpsMessage(made, lapsed.length - made),
  };
}

export { SECTION_READERS, scopeOf };
