import type { InvoiceHsnSummaryRow } from './invoice-document.ts';
import { layoutOf } from './print-layout.ts';
import { type TaxLayout, taxCells, taxColumns, taxTotalCells } from './tax-document-lines.ts';
import {
  CONTENT_WIDTH,
  type Flow,
  formatInvoiceAmount,
  line,
  MARGIN,
  TOTAL_FILL,
} from './tax-document-pdf.ts';
import { type Column, type Row, Table } from './tax-document-table.ts';

// The HSN/SAC-wise tax summary.

/** The HSN/SAC summary table, unless print_configuration switched it off (show_hsn_summary). */
export function drawHsnSummary(flow: Flow, tax: TaxLayout, summary: InvoiceHsnSummaryRow[]) {
  if (!summary.length || !layoutOf(flow.doc).showHsnSummary) return;
  const columns: Column[] = [
    { header: 'HSN/SAC', width: 0, align: 'left' },
    { header: 'Taxable Value', width: 72, align: 'right' },
    ...taxColumns(tax, tax.intraState ? 36 : 44, tax.intraState ? 66 : 84),
    { header: 'Total Tax Amount', width: 76, align: 'right' },
  ];
  const rows: Row[] = summary.map((row) => ({
    cells: [
      row.hsn ?? '—',
      formatInvoiceAmount(row.taxablePaise),
      ...taxCells(tax, row, row.cessRatePercent),
      formatInvoiceAmount(row.taxPaise),
    ],
  }));
  const sum = (pick: (row: InvoiceHsnSummaryRow) => number) =>
    summary.reduce((total, row) => total + pick(row), 0);
  rows.push({
    bold: true,
    fill: TOTAL_FILL,
    cells: [
      'Total',
      formatInvoiceAmount(sum((r) => r.taxablePaise)),
      ...taxTotalCells(tax, summary),
      formatInvoiceAmount(sum((r) => r.taxPaise)),
    ],
  });
  const table = new Table(flow, columns);
  // The title stays with the table's header and first row.
  flow.y += 6;
  flow.ensure(11 + table.headerHeight() + table.rowHeight(rows[0]));
  line(flow.doc, 'HSN/SAC-wise Tax Summary', MARGIN, flow.y, CONTENT_WIDTH, 'left', {
    size: 7.5,
    bold: true,
  });
  flow.y += 11;
  table.draw(rows);
}
