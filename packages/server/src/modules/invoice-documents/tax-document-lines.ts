import { type Flow, formatInvoiceAmount, percent, quantityFormat, TOTAL_FILL } from './tax-document-pdf.ts';
import { type Column, type Row, Table } from './tax-document-table.ts';

// The tax columns (CGST + SGST or IGST, and cess) and the goods table.

/** Which tax columns a document's tables have: CGST + SGST within a state, else IGST; cess when any. */
export interface TaxLayout {
  intraState: boolean;
  cess: boolean;
}

/** The layout of a document's lines: cess columns when any line has a cess rate or amount, or the total has cess. */
export const taxLayoutOf = (
  intraState: boolean,
  items: { cessPaise: number; cessRatePercent?: number | null }[],
  totalCessPaise: number,
): TaxLayout => ({
  intraState,
  cess:
    totalCessPaise !== 0 || items.some((item) => item.cessPaise !== 0 || (item.cessRatePercent ?? 0) !== 0),
});

/** The tax figures of a line, a charge or an HSN summary row. */
export interface TaxFigures {
  gstRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
}

export function taxColumns(tax: TaxLayout, rateWidth: number, amountWidth: number): Column[] {
  const pair = (group: string): Column[] => [
    { header: 'Rate', group, width: rateWidth, align: 'right' },
    { header: 'Amount', group, width: amountWidth, align: 'right' },
  ];
  const columns = tax.intraState ? [...pair('CGST'), ...pair('SGST')] : pair('IGST');
  if (tax.cess) columns.push(...pair('Cess'));
  return columns;
}

/** Rate and amount cells of each tax, in the order of `taxColumns`. */
export function taxCells(tax: TaxLayout, item: TaxFigures, cessRate: number | null): string[] {
  const cells = tax.intraState
    ? [
        percent(item.gstRatePercent / 2),
        formatInvoiceAmount(item.cgstPaise),
        percent(item.gstRatePercent / 2),
        formatInvoiceAmount(item.sgstPaise),
      ]
    : [percent(item.gstRatePercent), formatInvoiceAmount(item.igstPaise)];
  if (tax.cess) cells.push(cessRate === null ? '' : percent(cessRate), formatInvoiceAmount(item.cessPaise));
  return cells;
}

/** The total row's tax cells: each tax's amount summed, the rate cells left empty. */
export function taxTotalCells(tax: TaxLayout, items: TaxFigures[]): string[] {
  const sum = (pick: (item: TaxFigures) => number) => items.reduce((total, item) => total + pick(item), 0);
  const cells = tax.intraState
    ? ['', formatInvoiceAmount(sum((i) => i.cgstPaise)), '', formatInvoiceAmount(sum((i) => i.sgstPaise))]
    : ['', formatInvoiceAmount(sum((i) => i.igstPaise))];
  if (tax.cess) cells.push('', formatInvoiceAmount(sum((i) => i.cessPaise)));
  return cells;
}

/** Under a line's description: its SKU and the serial numbers of the units sold. */
function subLine(item: { sku?: string | null; serialNumbers?: string[] }): string | undefined {
  const parts = [
    item.sku ? `SKU: ${item.sku}` : null,
    item.serialNumbers?.length ? `S/N: ${item.serialNumbers.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join('\n') : undefined;
}

/** A row of the goods table: a line (numbered, with quantity) or a charge (neither). */
export interface ItemRow extends TaxFigures {
  position: number | null;
  description: string;
  sku?: string | null;
  serialNumbers?: string[];
  hsn: string | null;
  quantity: number | null;
  unit: string | null;
  /** The cells of the document's own columns, between Unit and Taxable Value. */
  middle: string[];
  taxablePaise: number;
  /** Null for a charge: it is taxed as the principal supply, without a cess rate of its own. */
  cessRatePercent: number | null;
  amountPaise: number;
}

/**
 * The goods table: S.No, description, HSN/SAC, quantity and unit, the document's own columns,
 * taxable value, each tax's rate and amount, and the line amount; a total row closes it.
 */
export function drawItemTable(
  flow: Flow,
  tax: TaxLayout,
  options: { middle: Column[]; rows: ItemRow[]; middleTotals: string[] },
) {
  const columns: Column[] = [
    { header: 'S.No', short: '#', width: 24, align: 'center' },
    { header: 'Description of Goods / Services', width: 0, align: 'left' },
    { header: 'HSN/SAC', width: 42, align: 'center' },
    { header: 'Qty', width: 32, align: 'right' },
    { header: 'Unit', width: 24, align: 'center' },
    ...options.middle,
    { header: 'Taxable Value', width: 52, align: 'right' },
    ...taxColumns(tax, tax.intraState ? 22 : 28, tax.intraState ? 42 : 52),
    { header: 'Amount', width: 52, align: 'right' },
  ];
  const rows: Row[] = options.rows.map((item) => ({
    cells: [
      item.position === null ? '' : String(item.position),
      { text: item.description, sub: subLine(item) },
      item.hsn ?? '—',
      item.quantity === null ? '' : quantityFormat.format(item.quantity),
      item.unit ?? '',
      ...item.middle,
      formatInvoiceAmount(item.taxablePaise),
      ...taxCells(tax, item, item.cessRatePercent),
      formatInvoiceAmount(item.amountPaise),
    ],
  }));
  const sum = (pick: (item: ItemRow) => number) =>
    options.rows.reduce((total, item) => total + pick(item), 0);
  rows.push({
    bold: true,
    fill: TOTAL_FILL,
    cells: [
      '',
      'Total',
      '',
      '',
      '',
      ...options.middleTotals,
      formatInvoiceAmount(sum((i) => i.taxablePaise)),
      ...taxTotalCells(tax, options.rows),
      formatInvoiceAmount(sum((i) => i.amountPaise)),
    ],
  });
  new Table(flow, columns).draw(rows);
}
