import { amountInWords } from '@b2b/domain/invoices';
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import type { InvoiceAddress, InvoiceParty, InvoiceSeller } from '../invoice-documents/invoice-document.ts';
import { drawParties, drawSellerAndMeta, drawTitle } from '../invoice-documents/tax-document-header.ts';
import { drawItemTable, taxLayoutOf } from '../invoice-documents/tax-document-lines.ts';
import {
  Flow,
  finishPages,
  formatDate,
  formatInvoiceAmount,
  MUTED,
  type Part,
  pdfFileName,
  renderPdf,
} from '../invoice-documents/tax-document-pdf.ts';
import { drawSignatureBox, drawTotalsBox } from '../invoice-documents/tax-document-totals.ts';
import { dayOrThrow } from '../sales-documents/sales-document.ts';
import * as queries from './debit-notes.queries.ts';
import { debitNoteNotFound } from './debit-notes.reads.ts';

/**
 * The debit note as a PDF, drawn with the tax documents' layout (the credit note's: title, issuer
 * with the particulars, parties, the goods table with each tax, totals in figures and words, the
 * reason and a signature). We issue it, as the buyer, to the seller: section 34 of the CGST Act
 * lets the recipient's debit note stand for the reduction the supplier's credit note would make.
 */

const EMPTY_ADDRESS: InvoiceAddress = {
  line1: '—',
  line2: null,
  landmark: null,
  city: '',
  state: '',
  stateCode: '',
  pincode: '',
};

async function addressOf(db: Executor, companyId: number, ownerType: 'branch' | 'seller', ownerId: number) {
  const row = await db
    .selectFrom('addresses as a')
    .innerJoin('states as st', 'st.id', 'a.state_id')
    .select([
      'a.address_line_1',
      'a.address_line_2',
      'a.landmark',
      'a.city',
      'a.pincode',
      'st.name',
      'st.gst_code',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.owner_type', '=', ownerType)
    .where('a.owner_id', '=', ownerId)
    .where('a.is_deleted', '=', false)
    .orderBy(sql`a.address_type = 'billing_address'`, 'desc')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return EMPTY_ADDRESS;
  return {
    line1: row.address_line_1,
    line2: row.address_line_2,
    landmark: row.landmark,
    city: row.city,
    state: row.name,
    stateCode: row.gst_code,
    pincode: row.pincode,
  };
}

/** GET admin/debit_notes/{id}/pdf */
export async function debitNotePdf(
  db: Executor,
  companyId: number,
  id: number,
  canSee: (branchId: number) => void,
) {
  const note = await queries.findDebitNote(db, companyId, id);
  if (!note) throw debitNoteNotFound();
  canSee(note.branch_id);
  const [items, company, branch, seller, branchAddress, sellerAddress] = await Promise.all([
    queries.itemsOfNote(db, companyId, id),
    db
      .selectFrom('companies')
      .select(['name', 'display_name', 'gstin', 'email', 'phone'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('branches')
      .select(['name', 'gstin'])
      .where('company_id', '=', companyId)
      .where('id', '=', note.branch_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sellers')
      .select(['name', 'email', 'phone'])
      .where('company_id', '=', companyId)
      .where('id', '=', note.seller_id)
      .executeTakeFirstOrThrow(),
    addressOf(db, companyId, 'branch', note.branch_id),
    addressOf(db, companyId, 'seller', note.seller_id),
  ]);
  const issuer: InvoiceSeller = {
    name: company.display_name ?? company.name,
    legalName: company.name,
    branchName: branch.name,
    gstin: branch.gstin ?? company.gstin,
    pan: null,
    address: branchAddress,
    phone: company.phone,
    email: company.email,
  };
  const recipient: InvoiceParty = {
    name: seller.name,
    gstin: note.seller_gstin,
    address: sellerAddress,
    phone: seller.phone,
    email: seller.email,
  };
  const receivedAt: InvoiceParty = { ...issuer, name: `${issuer.name} (${branch.name})` };
  const lines = items.map((item, index) => ({
    position: index + 1,
    description: item.product_name,
    sku: item.sku,
    hsn: item.hsn,
    quantity: Number(item.quantity),
    unit: item.unit,
    middle: [formatInvoiceAmount(Number(item.rate_paise))],
    taxablePaise: Number(item.taxable_paise),
    gstRatePercent: Number(item.gst_rate),
    cessRatePercent: Number(item.cess_rate),
    cgstPaise: Number(item.cgst_paise),
    sgstPaise: Number(item.sgst_paise),
    igstPaise: Number(item.igst_paise),
    cessPaise: Number(item.cess_paise),
    amountPaise: Number(item.total_paise),
  }));
  const number = note.debit_note_number;
  const date = dayOrThrow(note.debit_note_date);
  const totalPaise = Number(note.total_paise);
  const tax = taxLayoutOf(note.is_intra_state, lines, Number(note.cess_paise));
  const rows: [string, string][] = [['Taxable Value', formatInvoiceAmount(Number(note.taxable_paise))]];
  if (note.is_intra_state)
    rows.push(
      ['CGST', formatInvoiceAmount(Number(note.cgst_paise))],
      ['SGST', formatInvoiceAmount(Number(note.sgst_paise))],
    );
  else rows.push(['IGST', formatInvoiceAmount(Number(note.igst_paise))]);
  if (Number(note.cess_paise)) rows.push(['Cess', formatInvoiceAmount(Number(note.cess_paise))]);
  rows.push(['ITC Reversed', formatInvoiceAmount(Number(note.itc_reversed_paise))]);
  const leftParts: Part[] = [
    { text: 'Amount Debited (in words)', style: { size: 6.5, bold: true, color: MUTED } },
    { text: amountInWords(totalPaise), style: { size: 8.5, bold: true } },
  ];
  if (note.reason?.trim())
    leftParts.push(
      { text: ' ', style: { size: 3 } },
      { text: 'Reason', style: { size: 6.5, bold: true, color: MUTED } },
      { text: note.reason.trim(), style: { size: 7.5 } },
    );
  const cancelled = note.status === 'void';
  const pdf = await renderPdf(
    {
      Title: `Debit Note ${number}`,
      Author: issuer.legalName,
      Subject: `Debit note ${number} to ${seller.name}`,
    },
    (doc) => {
      const flow = new Flow(doc, {
        title: `Debit Note ${number}`,
        detail: `${issuer.legalName}  ·  GSTIN ${issuer.gstin ?? '—'}  ·  Dated ${formatDate(date)}`,
      });
      drawTitle(flow, 'DEBIT NOTE', { tag: 'ORIGINAL FOR SUPPLIER', cancelled });
      drawSellerAndMeta(
        flow,
        issuer,
        [
          ['Debit Note No.', number],
          ['Debit Note Date', formatDate(date)],
          ['Original Bill No.', note.bill_number ?? '—'],
          ['Original Bill Date', note.bill_date ? formatDate(dayOrThrow(note.bill_date)) : '—'],
          ['Purchase Return No.', note.return_number ?? '—'],
          ['Reference No.', note.reference_number ?? '—'],
          ['Reverse Charge', note.is_reverse_charge ? 'Yes' : 'No'],
          ['Supply Type', note.is_intra_state ? 'Intra-state' : 'Inter-state'],
        ],
        'ISSUED BY (RECIPIENT OF SUPPLY)',
      );
      drawParties(flow, recipient, receivedAt, ['ISSUED TO (SUPPLIER)', 'GOODS RECEIVED AT']);
      drawItemTable(flow, tax, {
        middle: [{ header: 'Rate excl. GST', short: 'Rate', width: 48, align: 'right' }],
        rows: lines,
        middleTotals: [''],
      });
      drawTotalsBox(flow, { rows, totalPaise, leftParts });
      drawSignatureBox(
        flow,
        [
          {
            text: `Declaration: This debit note reduces the value of ${note.bill_number ? `bill ${note.bill_number}` : 'the supplies'} of ${seller.name}; the input tax is reversed at the bill's rates, and all particulars are true and correct.`,
            style: { size: 6.5 },
          },
        ],
        issuer.legalName,
      );
      finishPages(doc, {
        label: `Debit Note ${number}`,
        note: 'This is a computer generated debit note.',
        cancelled,
      });
    },
  );
  return { filename: pdfFileName(number), pdf };
}
