/**
 * Tally XML (issue 22): the import envelope Tally's "Import Data" takes, its masters (ledgers,
 * stock items, godowns, units) and its vouchers, written from paise and plain names. Pure: the
 * server reads the documents, decides the names and the action, and streams what these return.
 *
 * Tally's sign rule: in ALLLEDGERENTRIES.LIST and INVENTORYENTRIES.LIST a debit is a negative AMOUNT
 * with ISDEEMEDPOSITIVE Yes, a credit a positive AMOUNT with ISDEEMEDPOSITIVE No; a voucher's
 * amounts (ledger entries plus the inventory entries' accounting allocations) sum to zero.
 * Goods post to the sales or purchase ledger through each inventory entry's
 * ACCOUNTINGALLOCATIONS.LIST, so that ledger is not repeated among the ledger entries (Tally would
 * count it twice).
 */

export type TallyAction = 'Create' | 'Alter' | 'Cancel';

/** A ledger line: amount in Tally's sign (debit negative), paise. */
export interface TallyLedgerLine {
  ledger: string;
  amountPaise: number;
}

export interface TallyInventoryLine {
  stockItem: string;
  unit: string;
  quantity: number;
  /** Tally's sign, paise: the goods' value before tax. */
  amountPaise: number;
  godown: string;
  /** The sales or purchase ledger the goods post to. */
  ledger: string;
}

export interface TallyVoucher {
  guid: string;
  action: TallyAction;
  voucherType: string;
  /** yyyy-mm-dd */
  date: string;
  number: string;
  party: string | null;
  reference?: string | null;
  narration?: string | null;
  isInvoice: boolean;
  ledgerLines: TallyLedgerLine[];
  inventoryLines: TallyInventoryLine[];
}

/** Characters XML 1.0 cannot carry at all (control characters but tab, line feed and return). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Paise as rupees with two decimals, by integer arithmetic (no float rounding): -12345 -> "-123.45". */
export function tallyAmount(paise: number): string {
  if (!Number.isInteger(paise)) throw new Error(`Amount in paise must be whole: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 2026-04-01 -> 20260401 */
export function tallyDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new Error(`Not a date: ${isoDate}`);
  return `${match[1]}${match[2]}${match[3]}`;
}

/** A quantity with up to three decimals, without trailing zeros: 2.5 -> "2.5", 3 -> "3". */
export function tallyQuantity(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000);
}

/** The rate per unit Tally shows, in rupees to the paisa ("123.45/Nos"); the AMOUNT is what counts. */
export function tallyRate(amountPaise: number, quantity: number, unit: string): string {
  const rate = quantity === 0 ? 0 : Math.round(Math.abs(amountPaise) / quantity);
  return `${tallyAmount(rate)}/${unit}`;
}

const tag = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function envelopeStart(report: 'All Masters' | 'Vouchers', company: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY>',
    '<IMPORTDATA>',
    `<REQUESTDESC>${tag('REPORTNAME', report)}<STATICVARIABLES>${tag('SVCURRENTCOMPANY', company)}</STATICVARIABLES></REQUESTDESC>`,
    '<REQUESTDATA>',
    '',
  ].join('\n');
}

export const ENVELOPE_END = '</REQUESTDATA>\n</IMPORTDATA>\n</BODY>\n</ENVELOPE>\n';

const message = (body: string) => `<TALLYMESSAGE xmlns:UDF="TallyUDF">\n${body}\n</TALLYMESSAGE>\n`;

// ---- Masters ------------------------------------------------------------------------------

/** Tally's predefined groups a ledger may sit under. */
export type TallyGroup =
  | 'Sundry Debtors'
  | 'Sundry Creditors'
  | 'Bank Accounts'
  | 'Cash-in-Hand'
  | 'Sales Accounts'
  | 'Purchase Accounts'
  | 'Duties & Taxes'
  | 'Indirect Incomes'
  | 'Indirect Expenses'
  | 'Current Assets'
  | 'Current Liabilities'
  | 'Capital Account';

export interface TallyLedgerMaster {
  name: string;
  parent: TallyGroup;
  gstin?: string | null;
  state?: string | null;
  address?: string[];
  pincode?: string | null;
  /** For a tax ledger under Duties & Taxes. */
  gstDutyHead?: 'Central Tax' | 'State Tax' | 'Integrated Tax' | 'Cess' | null;
  /** Bank details for a ledger under Bank Accounts. */
  bank?: { accountNumber: string; ifsc: string; bankName: string } | null;
}

export function ledgerMasterXml(ledger: TallyLedgerMaster): string {
  const parts = [
    `<LEDGER NAME="${escapeXml(ledger.name)}" RESERVEDNAME="">`,
    tag('NAME', ledger.name),
    tag('PARENT', ledger.parent),
    tag('ISBILLWISEON', yesNo(ledger.parent === 'Sundry Debtors' || ledger.parent === 'Sundry Creditors')),
  ];
  if (ledger.address?.length) {
    parts.push(
      `<ADDRESS.LIST TYPE="String">${ledger.address.map((line) => tag('ADDRESS', line)).join('')}</ADDRESS.LIST>`,
    );
  }
  if (ledger.state) parts.push(tag('LEDSTATENAME', ledger.state), tag('COUNTRYNAME', 'India'));
  if (ledger.pincode) parts.push(tag('PINCODE', ledger.pincode));
  if (ledger.parent === 'Sundry Debtors' || ledger.parent === 'Sundry Creditors') {
    parts.push(
      tag('GSTREGISTRATIONTYPE', ledger.gstin ? 'Regular' : 'Unregistered'),
      ...(ledger.gstin ? [tag('PARTYGSTIN', ledger.gstin)] : []),
    );
  }
  if (ledger.gstDutyHead) {
    parts.push(tag('TAXTYPE', 'GST'), tag('GSTDUTYHEAD', ledger.gstDutyHead));
  }
  if (ledger.bank) {
    parts.push(
      tag('BANKDETAILS', ledger.bank.accountNumber),
      tag('IFSCODE', ledger.bank.ifsc),
      tag('BANKINGCONFIGBANK', ledger.bank.bankName),
    );
  }
  parts.push('</LEDGER>');
  return message(parts.join('\n'));
}

export interface TallyStockItemMaster {
  name: string;
  unit: string;
  hsn: string | null;
  /** GST rate in percent (18 for 18%); null: not known. */
  gstRate: number | null;
  cessRate?: number | null;
}

export function stockItemMasterXml(item: TallyStockItemMaster): string {
  const parts = [
    `<STOCKITEM NAME="${escapeXml(item.name)}" RESERVEDNAME="">`,
    tag('NAME', item.name),
    tag('PARENT', ''),
    tag('BASEUNITS', item.unit),
    tag('GSTAPPLICABLE', item.gstRate === null ? 'Not Applicable' : 'Applicable'),
  ];
  if (item.hsn || item.gstRate !== null) {
    const rate = item.gstRate ?? 0;
    const half = rate / 2;
    const detail = (head: string, value: number) =>
      `<RATEDETAILS.LIST>${tag('GSTRATEDUTYHEAD', head)}${tag('GSTRATEVALUATIONTYPE', 'Based on Value')}${tag('GSTRATE', value)}</RATEDETAILS.LIST>`;
    parts.push(
      '<GSTDETAILS.LIST>',
      tag('APPLICABLEFROM', '20170701'),
      tag('CALCULATIONTYPE', 'On Value'),
      ...(item.hsn ? [tag('HSNCODE', item.hsn)] : []),
      tag('TAXABILITY', rate > 0 ? 'Taxable' : 'Exempt'),
      '<STATEWISEDETAILS.LIST>',
      tag('STATENAME', 'Any'),
      detail('Central Tax', half),
      detail('State Tax', half),
      detail('Integrated Tax', rate),
      detail('Cess', item.cessRate ?? 0),
      '</STATEWISEDETAILS.LIST>',
      '</GSTDETAILS.LIST>',
    );
  }
  parts.push('</STOCKITEM>');
  return message(parts.join('\n'));
}

export function godownMasterXml(name: string): string {
  return message(
    `<GODOWN NAME="${escapeXml(name)}" RESERVEDNAME="">\n${tag('NAME', name)}\n${tag('PARENT', '')}\n</GODOWN>`,
  );
}

export function unitMasterXml(unit: { name: string; formalName: string; decimals: number }): string {
  return message(
    [
      `<UNIT NAME="${escapeXml(unit.name)}" RESERVEDNAME="">`,
      tag('NAME', unit.name),
      tag('ORIGINALNAME', unit.formalName),
      tag('ISSIMPLEUNIT', 'Yes'),
      tag('DECIMALPLACES', unit.decimals),
      '</UNIT>',
    ].join('\n'),
  );
}

// ---- Vouchers -----------------------------------------------------------------------------

/** Sum of a voucher's amounts: its ledger lines and its goods' allocations. Zero when it balances. */
export function voucherBalance(voucher: Pick<TallyVoucher, 'ledgerLines' | 'inventoryLines'>): number {
  let sum = 0;
  for (const line of voucher.ledgerLines) sum += line.amountPaise;
  for (const line of voucher.inventoryLines) sum += line.amountPaise;
  return sum;
}

function ledgerEntryXml(line: TallyLedgerLine, isParty: boolean): string {
  return [
    '<ALLLEDGERENTRIES.LIST>',
    tag('LEDGERNAME', line.ledger),
    tag('ISDEEMEDPOSITIVE', yesNo(line.amountPaise < 0)),
    tag('ISPARTYLEDGER', yesNo(isParty)),
    tag('AMOUNT', tallyAmount(line.amountPaise)),
    '</ALLLEDGERENTRIES.LIST>',
  ].join('\n');
}

function inventoryEntryXml(line: TallyInventoryLine): string {
  const quantity = `${tallyQuantity(Math.abs(line.quantity))} ${line.unit}`;
  const debit = line.amountPaise < 0;
  return [
    '<INVENTORYENTRIES.LIST>',
    tag('STOCKITEMNAME', line.stockItem),
    tag('ISDEEMEDPOSITIVE', yesNo(debit)),
    tag('RATE', tallyRate(line.amountPaise, Math.abs(line.quantity), line.unit)),
    tag('AMOUNT', tallyAmount(line.amountPaise)),
    tag('ACTUALQTY', quantity),
    tag('BILLEDQTY', quantity),
    '<BATCHALLOCATIONS.LIST>',
    tag('GODOWNNAME', line.godown),
    tag('BATCHNAME', 'Primary Batch'),
    tag('AMOUNT', tallyAmount(line.amountPaise)),
    tag('ACTUALQTY', quantity),
    tag('BILLEDQTY', quantity),
    '</BATCHALLOCATIONS.LIST>',
    '<ACCOUNTINGALLOCATIONS.LIST>',
    tag('LEDGERNAME', line.ledger),
    tag('ISDEEMEDPOSITIVE', yesNo(debit)),
    tag('AMOUNT', tallyAmount(line.amountPaise)),
    '</ACCOUNTINGALLOCATIONS.LIST>',
    '</INVENTORYENTRIES.LIST>',
  ].join('\n');
}

/**
 * One VOUCHER in its TALLYMESSAGE. REMOTEID and GUID are the same stable id, so importing the file
 * twice alters the voucher instead of adding a second one. A cancelled voucher carries only what
 * identifies it. Refuses a voucher that does not balance to the paisa.
 */
export function voucherXml(voucher: TallyVoucher): string {
  const head = [
    `<VOUCHER REMOTEID="${escapeXml(voucher.guid)}" VCHTYPE="${escapeXml(voucher.voucherType)}" ACTION="${voucher.action}"${voucher.isInvoice ? ' OBJVIEW="Invoice Voucher View"' : ''}>`,
    tag('DATE', tallyDate(voucher.date)),
    tag('GUID', voucher.guid),
    tag('VOUCHERTYPENAME', voucher.voucherType),
    tag('VOUCHERNUMBER', voucher.number),
  ];
  if (voucher.action === 'Cancel') {
    return message([...head, '</VOUCHER>'].join('\n'));
  }
  const balance = voucherBalance(voucher);
  if (balance !== 0) {
    throw new Error(`Voucher ${voucher.number} does not balance: off by ${tallyAmount(balance)}`);
  }
  const parts = [...head];
  if (voucher.reference) parts.push(tag('REFERENCE', voucher.reference));
  if (voucher.party) parts.push(tag('PARTYLEDGERNAME', voucher.party));
  if (voucher.narration) parts.push(tag('NARRATION', voucher.narration));
  parts.push(
    tag('PERSISTEDVIEW', voucher.isInvoice ? 'Invoice Voucher View' : 'Accounting Voucher View'),
    tag('ISINVOICE', yesNo(voucher.isInvoice)),
  );
  for (const line of voucher.ledgerLines) parts.push(ledgerEntryXml(line, line.ledger === voucher.party));
  for (const line of voucher.inventoryLines) parts.push(inventoryEntryXml(line));
  parts.push('</VOUCHER>');
  return message(parts.join('\n'));
}

// ---- Stock journals -----------------------------------------------------------------------

/** Goods of a stock journal in one godown (and batch): a positive quantity and its value in paise. */
export interface TallyStockLine {
  stockItem: string;
  unit: string;
  quantity: number;
  /** The goods' value, positive paise. */
  amountPaise: number;
  godown: string;
  /** The batch's number; null: Tally's 'Primary Batch'. */
  batch: string | null;
}

/**
 * A stock journal: goods coming into godowns (INVENTORYENTRIESIN.LIST, Tally's 'Destination
 * (Production)') and going out of them (INVENTORYENTRIESOUT.LIST, its 'Source (Consumption)'). It
 * names no ledger: the goods' value moves between godowns, or in and out of stock.
 */
export interface TallyStockJournal {
  kind: 'stock_journal';
  guid: string;
  action: TallyAction;
  voucherType: string;
  /** yyyy-mm-dd */
  date: string;
  number: string;
  narration?: string | null;
  goodsIn: TallyStockLine[];
  goodsOut: TallyStockLine[];
}

/**
 * One stock entry per stock item (in the order they first appear), each godown and batch a
 * BATCHALLOCATIONS.LIST under it. Goods in are debits (ISDEEMEDPOSITIVE Yes, negative AMOUNT),
 * goods out credits, as Tally writes them.
 */
function stockEntriesXml(
  list: 'INVENTORYENTRIESIN.LIST' | 'INVENTORYENTRIESOUT.LIST',
  lines: TallyStockLine[],
) {
  const byItem = new Map<string, TallyStockLine[]>();
  for (const line of lines) byItem.set(line.stockItem, [...(byItem.get(line.stockItem) ?? []), line]);
  const sign = list === 'INVENTORYENTRIESIN.LIST' ? -1 : 1;
  const qty = (quantity: number, unit: string) => `${tallyQuantity(quantity)} ${unit}`;
  return [...byItem.entries()].map(([stockItem, parts]) => {
    const unit = (parts[0] as TallyStockLine).unit;
    let quantity = 0;
    let amount = 0;
    for (const part of parts) {
      quantity += Math.round(part.quantity * 1000);
      amount += part.amountPaise;
    }
    quantity /= 1000;
    return [
      `<${list}>`,
      tag('STOCKITEMNAME', stockItem),
      tag('ISDEEMEDPOSITIVE', yesNo(sign < 0)),
      tag('RATE', tallyRate(amount, quantity, unit)),
      tag('AMOUNT', tallyAmount(sign * amount)),
      tag('ACTUALQTY', qty(quantity, unit)),
      tag('BILLEDQTY', qty(quantity, unit)),
      ...parts.map((part) =>
        [
          '<BATCHALLOCATIONS.LIST>',
          tag('GODOWNNAME', part.godown),
          tag('BATCHNAME', part.batch ?? 'Primary Batch'),
          tag('AMOUNT', tallyAmount(sign * part.amountPaise)),
          tag('ACTUALQTY', qty(part.quantity, unit)),
          tag('BILLEDQTY', qty(part.quantity, unit)),
          '</BATCHALLOCATIONS.LIST>',
        ].join('\n'),
      ),
      `</${list}>`,
    ].join('\n');
  });
}

/**
 * A stock journal VOUCHER in its TALLYMESSAGE, in Tally's Consumption Voucher View (the view its
 * Stock Journal is entered in). Stable REMOTEID/GUID and ACTION as for every voucher; a cancelled
 * one carries only what identifies it.
 */
export function stockJournalXml(journal: TallyStockJournal): string {
  const head = [
    `<VOUCHER REMOTEID="${escapeXml(journal.guid)}" VCHTYPE="${escapeXml(journal.voucherType)}" ACTION="${journal.action}" OBJVIEW="Consumption Voucher View">`,
    tag('DATE', tallyDate(journal.date)),
    tag('GUID', journal.guid),
    tag('VOUCHERTYPENAME', journal.voucherType),
    tag('VOUCHERNUMBER', journal.number),
  ];
  if (journal.action === 'Cancel') return message([...head, '</VOUCHER>'].join('\n'));
  for (const line of [...journal.goodsIn, ...journal.goodsOut]) {
    if (!Number.isInteger(line.amountPaise) || line.amountPaise < 0 || !(line.quantity > 0)) {
      throw new Error(
        `Stock journal ${journal.number}: a line needs a quantity above zero and a value of zero or more`,
      );
    }
  }
  const parts = [...head];
  if (journal.narration) parts.push(tag('NARRATION', journal.narration));
  parts.push(tag('PERSISTEDVIEW', 'Consumption Voucher View'), tag('ISINVOICE', 'No'));
  parts.push(...stockEntriesXml('INVENTORYENTRIESIN.LIST', journal.goodsIn));
  parts.push(...stockEntriesXml('INVENTORYENTRIESOUT.LIST', journal.goodsOut));
  parts.push('</VOUCHER>');
  return message(parts.join('\n'));
}

/** Any voucher the export writes: a stock journal, or an accounting or invoice voucher. */
export type TallyAnyVoucher = TallyVoucher | TallyStockJournal;

export const anyVoucherXml = (voucher: TallyAnyVoucher): string =>
  'kind' in voucher && voucher.kind === 'stock_journal'
    ? stockJournalXml(voucher)
    : voucherXml(voucher as TallyVoucher);

/**
 * The value of goods at a rate per unit, in paise, rounded to the paisa by integer arithmetic on
 * the quantity's thousandths (numeric(14,3)): 2.5 at 3333 paise -> 8333 (8332.5 rounded half up).
 */
export function stockValue(quantity: number, ratePaise: number): number {
  const thousandths = Math.round(Math.abs(quantity) * 1000);
  return Math.round((thousandths * ratePaise) / 1000);
}

// ---- From documents -----------------------------------------------------------------------

/**
 * Which way a trade document posts. Sales and debit notes (goods going to a buyer, or back to a
 * seller) debit the party and credit the goods and tax; purchases and credit notes the reverse.
 */
export type TradeKind = 'sales' | 'credit_note' | 'purchase' | 'debit_note';

const GOODS_CREDITED: Record<TradeKind, boolean> = {
  sales: true,
  debit_note: true,
  purchase: false,
  credit_note: false,
};

export interface TradeDocument {
  kind: TradeKind;
  guid: string;
  action: TallyAction;
  voucherType: string;
  date: string;
  number: string;
  reference?: string | null;
  narration?: string | null;
  party: string;
  /** The sales or purchase ledger. */
  goodsLedger: string;
  lines: { stockItem: string; unit: string; quantity: number; taxablePaise: number; godown: string }[];
  /** Tax ledgers and their amounts (positive paise); zero amounts are left out. */
  taxes: { ledger: string; paise: number }[];
  roundOffPaise: number;
  roundOffLedger: string | null;
  /** The ledger for what the document charges besides its lines and tax (shipping, other charges). */
  chargesLedger: string | null;
  totalPaise: number;
}

/**
 * What a document charges besides its lines, tax and round-off (shipping and other charges, and
 * their tax when the document keeps it apart): the total less everything else, so the voucher
 * balances by construction and the remainder is posted, never lost.
 */
export function tradeCharges(
  doc: Pick<TradeDocument, 'lines' | 'taxes' | 'roundOffPaise' | 'totalPaise'>,
): number {
  let rest = doc.totalPaise - doc.roundOffPaise;
  for (const line of doc.lines) rest -= line.taxablePaise;
  for (const tax of doc.taxes) rest -= tax.paise;
  return rest;
}

export function tradeVoucher(doc: TradeDocument): TallyVoucher {
  const sign = GOODS_CREDITED[doc.kind] ? 1 : -1;
  const ledgerLines: TallyLedgerLine[] = [{ ledger: doc.party, amountPaise: -sign * doc.totalPaise }];
  for (const tax of doc.taxes) {
    if (tax.paise !== 0) ledgerLines.push({ ledger: tax.ledger, amountPaise: sign * tax.paise });
  }
  const charges = tradeCharges(doc);
  if (charges !== 0) {
    if (!doc.chargesLedger) throw new Error(`Voucher ${doc.number} has charges but no ledger for them`);
    ledgerLines.push({ ledger: doc.chargesLedger, amountPaise: sign * charges });
  }
  if (doc.roundOffPaise !== 0) {
    if (!doc.roundOffLedger) throw new Error(`Voucher ${doc.number} has a round-off but no ledger for it`);
    ledgerLines.push({ ledger: doc.roundOffLedger, amountPaise: sign * doc.roundOffPaise });
  }
  return {
    guid: doc.guid,
    action: doc.action,
    voucherType: doc.voucherType,
    date: doc.date,
    number: doc.number,
    party: doc.party,
    reference: doc.reference ?? null,
    narration: doc.narration ?? null,
    isInvoice: true,
    ledgerLines,
    inventoryLines: doc.lines.map((line) => ({
      stockItem: line.stockItem,
      unit: line.unit,
      quantity: line.quantity,
      amountPaise: sign * line.taxablePaise,
      godown: line.godown,
      ledger: doc.goodsLedger,
    })),
  };
}

export interface MoneyDocument {
  kind: 'receipt' | 'payment';
  guid: string;
  action: TallyAction;
  voucherType: string;
  date: string;
  number: string;
  reference?: string | null;
  narration?: string | null;
  party: string;
  /** Where the money went in or came out: a bank ledger, or Cash. */
  bankLedger: string;
  amountPaise: number;
  /** A payment's TDS: kept back from the seller and owed to the government (the bank pays the rest). */
  tdsPaise?: number;
  tdsLedger?: string | null;
}

/**
 * A receipt credits the paying buyer and debits the bank; a payment debits the seller and credits
 * the bank, less the TDS kept back, which is credited to the TDS ledger.
 */
export function moneyVoucher(doc: MoneyDocument): TallyVoucher {
  const partySign = doc.kind === 'receipt' ? 1 : -1;
  const tds = doc.kind === 'payment' ? (doc.tdsPaise ?? 0) : 0;
  if (tds !== 0 && !doc.tdsLedger) throw new Error(`Voucher ${doc.number} has TDS but no ledger for it`);
  return {
    guid: doc.guid,
    action: doc.action,
    voucherType: doc.voucherType,
    date: doc.date,
    number: doc.number,
    party: doc.party,
    reference: doc.reference ?? null,
    narration: doc.narration ?? null,
    isInvoice: false,
    ledgerLines: [
      { ledger: doc.party, amountPaise: partySign * doc.amountPaise },
      { ledger: doc.bankLedger, amountPaise: -partySign * (doc.amountPaise - tds) },
      ...(tds !== 0 ? [{ ledger: doc.tdsLedger as string, amountPaise: tds }] : []),
    ],
    inventoryLines: [],
  };
}

/** What Tally answers an import with. */
export interface TallyImportResult {
  created: number;
  altered: number;
  deleted: number;
  cancelled: number;
  ignored: number;
  errors: number;
  lineErrors: string[];
}

const count = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>\\s*(-?\\d+)\\s*</${name}>`).exec(xml);
  return match ? Number(match[1]) : 0;
};

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** Reads Tally's RESPONSE (CREATED, ALTERED, ..., ERRORS and each LINEERROR). */
export function parseTallyResponse(xml: string): TallyImportResult {
  const lineErrors = [...xml.matchAll(/<LINEERROR>([\s\S]*?)<\/LINEERROR>/g)].map((m) =>
    unescapeXml((m[1] ?? '').trim()),
  );
  return {
    created: count(xml, 'CREATED'),
    altered: count(xml, 'ALTERED'),
    deleted: count(xml, 'DELETED'),
    cancelled: count(xml, 'CANCELLED'),
    ignored: count(xml, 'IGNORED'),
    errors: Math.max(count(xml, 'ERRORS'), lineErrors.length),
    lineErrors,
  };
}
