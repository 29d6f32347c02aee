import { type CsvColumn, csvTable } from '@b2b/domain/api/list-csv';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { errorDetail } from '../api/api-error';
import { saveBlob } from '../api/download';

/** The rows a user ticked in a list, kept across pages by id. */
export interface RowSelection<T> {
  rows: T[];
  isSelected: (row: T) => boolean;
  toggle: (row: T) => void;
  /** Selects every row given, or clears them when all are selected already. */
  toggleAll: (rows: readonly T[]) => void;
  clear: () => void;
}

export function useRowSelection<T extends { id: number }>(): RowSelection<T> {
  const [chosen, setChosen] = useState<ReadonlyMap<number, T>>(new Map());
  const toggle = useCallback(
    (row: T) =>
      setChosen((current) => {
        const next = new Map(current);
        if (next.has(row.id)) next.delete(row.id);
        else next.set(row.id, row);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (rows: readonly T[]) =>
      setChosen((current) => {
        const next = new Map(current);
        const all = rows.length > 0 && rows.every((row) => current.has(row.id));
        for (const row of rows) {
          if (all) next.delete(row.id);
          else next.set(row.id, row);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Map()), []);
  return useMemo(
    () => ({
      rows: [...chosen.values()],
      isSelected: (row: T) => chosen.has(row.id),
      toggle,
      toggleAll,
      clear,
    }),
    [chosen, toggle, toggleAll, clear],
  );
}

/** The 'Select all' box of a table's header, for the rows it shows. */
export function SelectAllBox<T>({ selection, rows }: { selection: RowSelection<T>; rows: readonly T[] }) {
  const count = rows.filter(selection.isSelected).length;
  return (
    <Checkbox
      aria-label="Select all"
      checked={rows.length > 0 && count === rows.length}
      indeterminate={count > 0 && count < rows.length}
      onChange={() => selection.toggleAll(rows)}
    />
  );
}

/** The bar above a list while rows are selected: how many, the bulk actions, and Clear selection. */
export function BulkActionBar<T>({
  selection,
  children,
}: {
  selection: RowSelection<T>;
  children: ReactNode;
}) {
  if (selection.rows.length === 0) return null;
  return (
    <Paper withBorder p="xs" role="region" aria-label="Bulk actions">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {selection.rows.length} selected
        </Text>
        {children}
        <Button variant="subtle" size="xs" onClick={selection.clear} ml="auto">
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * One CSV field (RFC 4180), formula-looking text kept as text with a leading apostrophe (the
 * server's http/csv.ts writes the same way).
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = /^[=+\-@\t\r]/.test(String(value)) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The text of a CSV file of list rows, with a byte-order mark so that Excel reads UTF-8. */
export function csvText<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const { header, rows: cells } = csvTable(columns, rows);
  return `\uFEFF${[header, ...cells].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** 'Export selected': the selected rows as a CSV file built in the browser, with the list's CSV columns. */
export function saveRowsAsCsv<T>(filename: string, columns: readonly CsvColumn<T>[], rows: readonly T[]) {
  saveBlob(new Blob([csvText(columns, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}

/** The sentence after a bulk action: '3 deactivated, 1 failed: <reason>'. */
export function bulkSummary(done: number, verb: string, failures: readonly string[]): string {
  const ok = `${done} ${verb}`;
  if (failures.length === 0) return ok;
  const reasons = [...new Set(failures)].join('; ');
  return `${ok}, ${failures.length} failed: ${reasons}`;
}

/**
 * Runs one call per selected row, one after the other (each is an ordinary single-row call with
 * its own permission and history row), with a toast that counts the progress and ends with the
 * summary. Returns how many succeeded.
 */
export async function runBulk<T>(rows: readonly T[], verb: string, call: (row: T) => Promise<unknown>) {
  const id = notifications.show({
    loading: true,
    autoClose: false,
    withCloseButton: false,
    message: `0 of ${rows.length} ${verb}…`,
  });
  let done = 0;
  const failures: string[] = [];
  for (const row of rows) {
    try {
      await call(row);
      done += 1;
    } catch (error) {
      failures.push(errorDetail(error));
    }
    notifications.update({ id, message: `${done + failures.length} of ${rows.length}…` });
  }
  notifications.update({
    id,
    loading: false,
    autoClose: 6000,
    withCloseButton: true,
    color: failures.length === 0 ? 'green' : done === 0 ? 'red' : 'yellow',
    message: bulkSummary(done, verb, failures),
  });
  return done;
}

/**
 * The bulk bar of a list of records that are active or not (products, buyers, sellers): Export
 * selected, and Activate / Deactivate for a user who may change them, each row through its own
 * activate or deactivate route (rows already in that state are left alone).
 */
export function ActiveBulkActions<T extends { id: number; is_active: boolean }>({
  selection,
  csv,
  setActive,
  onDone,
}: {
  selection: RowSelection<T>;
  csv: { filename: string; columns: readonly CsvColumn<T>[] };
  /** Absent when the user may not change the records. */
  setActive?: (row: T, on: boolean) => Promise<unknown>;
  /** After a bulk change: refresh the list. */
  onDone: () => unknown;
}) {
  const run = async (on: boolean) => {
    if (!setActive) return;
    const rows = selection.rows.filter((row) => row.is_active !== on);
    await runBulk(rows, on ? 'activated' : 'deactivated', (row) => setActive(row, on));
    selection.clear();
    await onDone();
  };
  return (
    <BulkActionBar selection={selection}>
      <Button
        size="xs"
        variant="default"
        onClick={() => saveRowsAsCsv(csv.filename, csv.columns, selection.rows)}
      >
        Export selected
      </Button>
      {setActive && (
        <>
          <Button size="xs" variant="default" onClick={() => void run(true)}>
            Activate
          </Button>
          <Button size="xs" variant="default" onClick={() => void run(false)}>
            Deactivate
          </Button>
        </>
      )}
    </BulkActionBar>
  );
}

/**
 * The toast after a bulk call that answers per row (the invoices' e-mail, the shipments' status):
 * the server's sentence ('2 invoices sent, 1 skipped.'), and under it each row left alone with
 * its number and reason, long enough to read them.
 */
export function notifyBulkOutcome(detail: string, skipped: readonly { number: string; reason: string }[]) {
  const base = { closeButtonProps: { 'aria-label': 'Close notification' } };
  if (skipped.length === 0) {
    notifications.show({ ...base, color: 'teal', message: detail, autoClose: 4000 });
    return;
  }
  notifications.show({
    ...base,
    color: 'yellow',
    autoClose: 10_000,
    title: detail,
    message: skipped.map((row) => `${row.number}: ${row.reason}`).join('\n'),
    styles: { description: { whiteSpace: 'pre-line' } },
  });
}
