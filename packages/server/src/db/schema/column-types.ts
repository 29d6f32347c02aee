import type { ColumnType, Generated } from 'kysely';

/** Column written by the database (default or identity) and read back as T. */
export type Auto<T> = Generated<T>;

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type Json<T = Record<string, unknown>> = ColumnType<T, string | T | undefined, string | T>;

export type Quantity = ColumnType<number, number | string | undefined, number | string>;

export type Paise = ColumnType<number, number | string | undefined, number | string>;
