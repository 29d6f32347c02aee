import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.ts';

/** Kysely's own bookkeeping of the migrations run, which the queries never name. */
const NOT_DECLARED = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Tables a test makes for itself on the shared database (idempotency.test.ts's crash trigger). */
const TEST_TABLE = /^test_/;

type Columns = Map<string, { nullable: boolean }>;

/**
 * The tables, columns and nullability that db/schema.ts declares, read by the TypeScript checker
 * (types vanish at run time). The checker resolves what a text parser would have to re-implement:
 * `extends` of shared column groups, aliases (Auto, Paise, Json) and ColumnType spread over lines.
 * A column is nullable when the type Kysely selects for it includes null.
 */
function declaredSchema(): Map<string, Columns> {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`db/schema.ts was not found at ${file}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const dbSymbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'DB');
  if (!dbSymbol) throw new Error('db/schema.ts exports no DB interface');

  const selectsNull = (type: ts.Type): boolean => {
    const members = type.isUnion() ? type.types : [type];
    return members.some((member) => {
      if (member.flags & ts.TypeFlags.Null) return true;
      const selected = member.getProperty('__select__');
      return selected !== undefined && selectsNull(checker.getTypeOfSymbol(selected));
    });
  };

  const tables = new Map<string, Columns>();
  for (const table of checker.getDeclaredTypeOfSymbol(dbSymbol).getProperties()) {
    const columns: Columns = new Map();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      columns.set(column.name, { nullable: selectsNull(checker.getTypeOfSymbol(column)) });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

describe('db/schema.ts', { timeout: 120_000 }, () => {
  it('declares every table and column of the migrated database, nullable exactly where the database allows null', async () => {
    const { server } = await testServer();
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
      select c.table_name, c.column_name, c.is_nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`.execute(server.ctx.db);
    const actual = new Map<string, Columns>();
    for (const row of rows) {
      if (NOT_DECLARED.has(row.table_name) || TEST_TABLE.test(row.table_name)) continue;
      const columns = actual.get(row.table_name) ?? new Map();
      columns.set(row.column_name, { nullable: row.is_nullable === 'YES' });
      actual.set(row.table_name, columns);
    }
    expect(actual.size, 'the migrated database has no tables').toBeGreaterThan(50);

    const declared = declaredSchema();
    const problems: string[] = [];
    for (const table of actual.keys()) {
      if (!declared.has(table))
        problems.push(`table ${table}: in the database, missing from DB in schema.ts`);
    }
    for (const [table, columns] of declared) {
      const inDatabase = actual.get(table);
      if (!inDatabase) {
        problems.push(`table ${table}: declared in schema.ts, not in the database`);
        continue;
      }
      for (const [column, { nullable }] of inDatabase) {
        const mine = columns.get(column);
        if (!mine) problems.push(`${table}.${column}: in the database, not declared in schema.ts`);
        else if (mine.nullable !== nullable) {
          problems.push(
            `${table}.${column}: the database has it ${nullable ? 'nullable' : 'NOT NULL'}, schema.ts ${mine.nullable ? 'allows null' : 'does not allow null'}`,
          );
        }
      }
      for (const column of columns.keys()) {
        if (!inDatabase.has(column))
          problems.push(`${table}.${column}: declared in schema.ts, not in the database`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
