import { type Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './transaction.ts';

const MARKER = Symbol('compiled-once value');
type Marker = { readonly [MARKER]: string };
const isMarker = (value: unknown): value is Marker =>
  typeof value === 'object' && value !== null && MARKER in value;

/** Where a parameter of the compiled SQL comes from: a value of the call, or a constant of the query. */
type Source = { name: string } | { constant: unknown };

/** Puts the call's value `name` in the query being built (see compiledOnce). */
export type ValueOf<V> = <K extends keyof V & string>(name: K) => V[K];

/** Shapes of one query kept compiled at most; past this, new shapes are compiled each time. */
const MAX_SHAPES = 64;

/**
 * A hot query built and compiled once per shape, on the first call of that shape, then run with
 * each call's values: for a query of many joins, sub-queries or columns, Kysely's building and
 * compiling takes longer than PostgreSQL takes to run it (which, as a prepared statement, is no
 * longer planned each time either).
 *
 * `shapeOf(args)` names what the SQL depends on (how many rows an insert has, which columns);
 * `valuesOf(args)` gives the call's values by name; `build(db, value, args)` builds the query with
 * `value(name)` wherever a value of the call goes (whatever else it puts in is a constant of the
 * query). Lists go in as one array parameter (`= any(...)`) or in the shape, never otherwise.
 */
export function compiledPerShape<A, V extends Record<string, unknown>, O>(
  shapeOf: (args: A) => string,
  valuesOf: (args: A) => V,
  build: (db: Executor, value: ValueOf<V>, args: A) => Compilable<O>,
): (db: Executor, args: A) => Promise<O[]> {
  const shapes = new Map<string, { sql: string; sources: Source[] }>();
  const value = <K extends keyof V & string>(name: K) => ({ [MARKER]: name }) as unknown as V[K];
  const compile = (db: Executor, args: A) => {
    const query = build(db, value, args).compile();
    return {
      sql: query.sql,
      sources: query.parameters.map(
        (parameter): Source => (isMarker(parameter) ? { name: parameter[MARKER] } : { constant: parameter }),
      ),
    };
  };
  return async (db, args) => {
    const shape = shapeOf(args);
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(db, args);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled);
    }
    const values = valuesOf(args);
    const parameters = compiled.sources.map((source) =>
      'name' in source ? values[source.name] : source.constant,
    );
    const result = await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/** compiledPerShape of a query whose SQL is the same for every call. */
export function compiledOnce<V extends Record<string, unknown>, O>(
  build: (db: Executor, value: ValueOf<V>) => Compilable<O>,
): (db: Executor, values: V) => Promise<O[]> {
  return compiledPerShape<V, V, O>(
    () => '',
    (values) => values,
    (db, value) => build(db, value),
  );
}

type Row = Record<string, unknown>;
const definedKeys = (row: Row) => Object.keys(row).filter((key) => row[key] !== undefined);

/** The shape of rows to insert: how many, and the columns of each. */
export const rowsShape = (rows: readonly Row[]) => rows.map((row) => definedKeys(row).join(',')).join(';');

/** The values of rows by name (`<prefix><index>.<column>`), for compiledPerShape's `valuesOf`. */
export function rowValues(prefix: string, rows: readonly Row[], into: Row = {}): Row {
  rows.forEach((row, index) => {
    for (const key of definedKeys(row)) into[`${prefix}${index}.${key}`] = row[key];
  });
  return into;
}

/** The rows with each value as `value(...)` of rowValues' names, for compiledPerShape's `build`. */
export function rowMarkers<R extends Row>(value: ValueOf<Row>, prefix: string, rows: readonly R[]): R[] {
  return rows.map(
    (row, index) =>
      Object.fromEntries(definedKeys(row).map((key) => [key, value(`${prefix}${index}.${key}`)])) as R,
  );
}
