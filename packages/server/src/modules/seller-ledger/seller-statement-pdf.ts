import { toPaise } from '@b2b/domain/money';
import { sellerBalanceSide } from '@b2b/domain/seller-ledger';
import { todayInIndia } from '@b2b/domain/validation';
import { drawTitle } from '../invoice-documents/tax-document-header.ts';
import {
  blockHeight,
  box,
  CONTENT_WIDTH,
  drawBlock,
  Flow,
  finishPages,
  formatDate,
  formatInvoiceAmount,
  MARGIN,
  MUTED,
  PAD,
  type Part,
  renderPdf,
  TOTAL_FILL,
  vline,
} from '../invoice-documents/tax-document-pdf.ts';
import { type Column, Table } from '../invoice-documents/tax-document-table.ts';
import type { SellerLedger } from './seller-ledger.service.ts';

/**
 * The seller statement as a PDF: our company (name, GSTIN, contact), the seller and the period,
 * the opening balance, every entry with its running balance, and the closing balance. Drawn with
 * the tax documents' page, text and table machinery (invoice-documents/tax-document-*.ts), so it
 * prints like our invoices and credit notes. A balance is 'Cr' when we owe the seller (a credit
 * balance in their account in our books) and 'Dr' when they owe us.
 */

export interface StatementCompany {
  name: string;
  display_name: string | null;
  gstin: string | null;
  email: string | null;
  phone: string | null;
}

const amount = (rupees: number) => (rupees === 0 ? '' : formatInvoiceAmount(toPaise(rupees)));
const balance = (paise: number) =>
  `${formatInvoiceAmount(Math.abs(paise))} ${sellerBalanceSide(paise) === 'Advance' ? 'Dr' : 'Cr'}`;
const period = (ledger: SellerLedger) =>
  `${ledger.start_date ? formatDate(ledger.start_date) : 'Beginning'} to ${formatDate(ledger.end_date ?? todayInIndia())}`;

function drawParties(flow: Flow, company: StatementCompany, ledger: SellerLedger) {
  const { doc } = flow;
  const half = CONTENT_WIDTH / 2;
  const width = half - 4 * PAD;
  const contact = [company.phone && `Phone: ${company.phone}`, company.email && `Email: ${company.email}`]
    .filter(Boolean)
    .join('  ·  ');
  const ours: Part[] = [
    { text: 'FROM', style: { size: 6.5, bold: true, color: MUTED } },
    { text: company.name, style: { size: 9, bold: true } },
    ...(company.display_name && company.display_name !== company.name
      ? [{ text: company.display_name, style: { size: 7.5 } }]
      : []),
    { text: `GSTIN/UIN: ${company.gstin ?? 'Unregistered'}`, style: { size: 7.5, bold: true } },
    ...(contact ? [{ text: contact, style: { size: 7 } }] : []),
  ];
  const theirs: Part[] = [
    { text: 'STATEMENT OF ACCOUNT WITH (SELLER)', style: { size: 6.5, bold: true, color: MUTED } },
    { text: ledger.seller.name, style: { size: 9, bold: true } },
    { text: `GSTIN/UIN: ${ledger.seller.gstin ?? 'Unregistered'}`, style: { size: 7.5, bold: true } },
    { text: `Period: ${period(ledger)}`, style: { size: 7.5 } },
  ];
  const height = Math.max(blockHeight(doc, ours, width), blockHeight(doc, theirs, width)) + 4 * PAD;
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + half, top, top + height);
  drawBlock(doc, ours, MARGIN + 2 * PAD, top + 2 * PAD, width);
  drawBlock(doc, theirs, MARGIN + half + 2 * PAD, top + 2 * PAD, width);
  flow.y = top + height + 8;
}

const SUMMARY_COLUMNS: Column[] = [
  { header: 'Opening Balance', width: 0, align: 'right' },
  { header: 'Debits (paid, adjusted)', width: 130, align: 'right' },
  { header: 'Credits (billed)', width: 130, align: 'right' },
  { header: 'Closing Balance', width: 130, align: 'right' },
];

const ENTRY_COLUMNS: Column[] = [
  { header: 'Date', width: 52, align: 'left' },
  { header: 'Entry', width: 90, align: 'left' },
  { header: 'Number', width: 88, align: 'left' },
  { header: 'Reference', width: 0, align: 'left' },
  { header: 'Debit', width: 62, align: 'right' },
  { header: 'Credit', width: 62, align: 'right' },
  { header: 'Balance', width: 72, align: 'right' },
];

/** Renders the statement; more pages when the entries do not fit one (the table header repeats). */
export function renderSellerStatementPdf(company: StatementCompany, ledger: SellerLedger): Promise<Buffer> {
  const title = `Statement of ${ledger.seller.name}`;
  const info = { Title: title, Author: company.name, Subject: `Seller statement, ${period(ledger)}` };
  return renderPdf(info, (doc) => {
    const flow = new Flow(doc, {
      title: 'Seller Statement',
      detail: `${ledger.seller.name}  ·  ${period(ledger)}`,
    });
    drawTitle(flow, 'SELLER STATEMENT', { cancelled: false });
    drawParties(flow, company, ledger);
    new Table(flow, SUMMARY_COLUMNS).draw([
      {
        cells: [
          balance(ledger.openingPaise),
          formatInvoiceAmount(toPaise(ledger.total_debit)),
          formatInvoiceAmount(toPaise(ledger.total_credit)),
          balance(ledger.closingPaise),
        ],
        bold: true,
      },
    ]);
    flow.y += 8;
    const blank = ['', '', '', ''];
    new Table(flow, ENTRY_COLUMNS).draw([
      {
        cells: [formatDate(ledger.start_date), 'Opening balance', ...blank, balance(ledger.openingPaise)],
        fill: TOTAL_FILL,
      },
      ...ledger.results.map((entry) => ({
        cells: [
          formatDate(entry.date),
          entry.kind_label,
          entry.number,
          { text: entry.reference ?? '', sub: entry.branch.name },
          amount(entry.debit),
          amount(entry.credit),
          balance(toPaise(entry.balance)),
        ],
      })),
      {
        cells: [
          formatDate(ledger.end_date ?? todayInIndia()),
          'Closing balance',
          '',
          '',
          formatInvoiceAmount(toPaise(ledger.total_debit)),
          formatInvoiceAmount(toPaise(ledger.total_credit)),
          balance(ledger.closingPaise),
        ],
        bold: true,
        fill: TOTAL_FILL,
      },
    ]);
    finishPages(doc, {
      label: title,
      note: 'This is a computer generated statement.',
      cancelled: false,
    });
  });
}
