import { TALLY_LEDGER_PURPOSES, type TallyLedgerPurposeName } from '@b2b/domain/tally';
import {
  godownMasterXml,
  ledgerMasterXml,
  stockItemMasterXml,
  type TallyGroup,
  type TallyLedgerMaster,
  unitMasterXml,
} from '@b2b/domain/tally/tally-xml';
import type { Database } from '../../db/database.ts';
import * as queries from './tally.queries.ts';
import { BATCH, type BranchNames, bankLedgerName } from './tally-documents.ts';

/** The Tally masters of a branch's date range (issue 22): what its vouchers name, grouped as Tally groups them. */

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
export async function* mastersXml(
  db: Database,
  names: BranchNames,
  range: queries.DocumentRange,
): AsyncGenerator<string> {
  for (const unit of await queries.lineUnits(db, range)) {
    yield unitMasterXml({ name: unit, formalName: unit, decimals: 3 });
  }
  for (const warehouse of await queries.branchWarehouses(db, range)) {
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
