import {
  box,
  CONTENT_WIDTH,
  type Flow,
  HEADER_FILL,
  hline,
  line,
  MARGIN,
  MUTED,
  PAD,
  para,
  setStyle,
  textHeight,
  vline,
} from './tax-document-pdf.ts';

// Tables that repeat their header on a new page and keep a header with its first row.

export type Align = 'left' | 'right' | 'center';

export interface Column {
  header: string;
  /** Used when a word of `header` does not fit the column ('Disc.' for 'Discount'). */
  short?: string;
  /** Columns with the same group get a shared header cell above theirs ('CGST' over Rate, Amount). */
  group?: string;
  /** 0 = takes what the other columns leave. */
  width: number;
  align: Align;
}

export interface Cell {
  text: string;
  /** A second, smaller grey line (the SKU under a description). */
  sub?: string;
}

export interface Row {
  cells: (string | Cell)[];
  bold?: boolean;
  fill?: string;
}

const TABLE_SIZE = 7;
const HEADER_SIZE = 6.5;
const MIN_FLEX_WIDTH = 100;
const ROW_PAD = 2.5;

function layoutColumns(columns: Column[], width: number): number[] {
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const hasFlex = columns.some((column) => column.width === 0);
  // Many tax columns (intra-state with cess) leave the description too little room: the number
  // columns then give up width in proportion, and their text shrinks to fit (see `line`).
  const scale = hasFlex && width - fixed < MIN_FLEX_WIDTH ? (width - MIN_FLEX_WIDTH) / fixed : 1;
  const widths = columns.map((column) => column.width * scale);
  const flex = width - widths.reduce((sum, w) => sum + w, 0);
  return columns.map((column, index) => (column.width === 0 ? flex : widths[index]));
}

function cellOf(cell: string | Cell): Cell {
  return typeof cell === 'string' ? { text: cell } : cell;
}

export class Table {
  readonly widths: number[];
  readonly lefts: number[];
  constructor(
    readonly flow: Flow,
    readonly columns: Column[],
  ) {
    this.widths = layoutColumns(columns, CONTENT_WIDTH);
    let x = MARGIN;
    this.lefts = this.widths.map((width) => {
      const left = x;
      x += width;
      return left;
    });
  }

  private get grouped() {
    return this.columns.some((column) => column.group);
  }

  private headerText(index: number) {
    const { doc } = this.flow;
    const column = this.columns[index];
    setStyle(doc, { size: HEADER_SIZE, bold: true });
    const longest = Math.max(...column.header.split(/\s+/).map((word) => doc.widthOfString(word)));
    return longest > this.widths[index] - 2 * PAD && column.short ? column.short : column.header;
  }

  headerHeight() {
    const { doc } = this.flow;
    const tallest = Math.max(
      ...this.columns.map((_, index) =>
        textHeight(doc, this.headerText(index), this.widths[index] - 2 * PAD, {
          size: HEADER_SIZE,
          bold: true,
        }),
      ),
    );
    return (this.grouped ? 11 : 0) + tallest + 2 * PAD;
  }

  drawHeader() {
    const { doc } = this.flow;
    const top = this.flow.y;
    const height = this.headerHeight();
    box(doc, MARGIN, top, CONTENT_WIDTH, height, HEADER_FILL);
    const groupHeight = this.grouped ? 11 : 0;
    const style = { size: HEADER_SIZE, bold: true };
    let index = 0;
    while (index < this.columns.length) {
      const column = this.columns[index];
      const x = this.lefts[index];
      if (column.group) {
        // One group cell across its run of columns, the column names under it.
        let end = index;
        while (end + 1 < this.columns.length && this.columns[end + 1].group === column.group) end += 1;
        const groupWidth = this.lefts[end] + this.widths[end] - x;
        line(doc, column.group, x + PAD, top + 2.5, groupWidth - 2 * PAD, 'center', style);
        hline(doc, x, x + groupWidth, top + groupHeight);
        for (let member = index; member <= end; member += 1) {
          const memberX = this.lefts[member];
          if (member > index) vline(doc, memberX, top + groupHeight, top + height);
          line(
            doc,
            this.columns[member].header,
            memberX + PAD,
            top + groupHeight + PAD,
            this.widths[member] - 2 * PAD,
            'center',
            style,
          );
        }
        if (index > 0) vline(doc, x, top, top + height);
        index = end + 1;
      } else {
        if (index > 0) vline(doc, x, top, top + height);
        const header = this.headerText(index);
        const h = textHeight(doc, header, this.widths[index] - 2 * PAD, style);
        setStyle(doc, style);
        doc.text(header, x + PAD, top + (height - h) / 2, {
          width: this.widths[index] - 2 * PAD,
          align: 'center',
          lineGap: 0.5,
        });
        index += 1;
      }
    }
    this.flow.y = top + height;
  }

  rowHeight(row: Row) {
    const { doc } = this.flow;
    let height = 0;
    row.cells.forEach((raw, index) => {
      const cell = cellOf(raw);
      const width = this.widths[index] - 2 * PAD;
      let h =
        this.columns[index].width === 0
          ? textHeight(doc, cell.text, width, { size: TABLE_SIZE, bold: row.bold })
          : TABLE_SIZE * 1.2;
      if (cell.sub) h += textHeight(doc, cell.sub, width, { size: TABLE_SIZE - 1 });
      height = Math.max(height, h);
    });
    return height + 2 * ROW_PAD;
  }

  /** Draws the rows, starting a new page with the header repeated when a row does not fit. */
  drawRows(rows: Row[]) {
    const { doc } = this.flow;
    for (const row of rows) {
      const height = this.rowHeight(row);
      if (this.flow.ensure(height)) this.drawHeader();
      const top = this.flow.y;
      box(doc, MARGIN, top, CONTENT_WIDTH, height, row.fill);
      row.cells.forEach((raw, index) => {
        const cell = cellOf(raw);
        const x = this.lefts[index];
        const width = this.widths[index] - 2 * PAD;
        if (index > 0) vline(doc, x, top, top + height);
        const style = { size: TABLE_SIZE, bold: row.bold };
        let y = top + ROW_PAD;
        if (this.columns[index].width === 0) {
          y += para(doc, cell.text, x + PAD, y, width, style);
        } else {
          line(doc, cell.text, x + PAD, y, width, this.columns[index].align, style);
          y += TABLE_SIZE * 1.2;
        }
        if (cell.sub) para(doc, cell.sub, x + PAD, y, width, { size: TABLE_SIZE - 1, color: MUTED });
      });
      this.flow.y = top + height;
    }
  }

  draw(rows: Row[]) {
    // Keep the header with at least its first row.
    this.flow.ensure(this.headerHeight() + (rows[0] ? this.rowHeight(rows[0]) : 0));
    this.drawHeader();
    this.drawRows(rows);
  }
}
