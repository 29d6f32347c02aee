/**
 * A row that passed the file's check but whose write was refused (the data changed since, or a
 * rule only the write can see, such as a named batch short of stock): the import refuses the whole
 * file at that row. `field` is the kind's field name; the import names it as the file's column.
 */
export class ImportRowRefused extends Error {
  readonly row: number;
  readonly field: string;

  constructor(refusal: { row: number; field: string; message: string }) {
    super(refusal.message);
    this.row = refusal.row;
    this.field = refusal.field;
  }
}
