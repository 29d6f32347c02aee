import { notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { NameAndActiveFilter } from '../../db/named-rows.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';

/** The columns every named group is created with. */
export interface NewGroup {
  company_id: number;
  name: string;
  description: string | null;
}

/** What an area's group table answers; the area keeps its own SQL (see its `.queries.ts`). */
export interface NamedGroupQueries<Row, Lock, Changes, Insert extends NewGroup> {
  findGroup(db: Executor, companyId: number, id: number): Promise<Row | undefined>;
  listGroups(
    db: Executor,
    companyId: number,
    filter: NameAndActiveFilter,
    sort: SortKey[],
    window: PageWindow,
  ): Promise<[{ n: number }, Row[]]>;
  lockGroup(db: Executor, companyId: number, id: number): Promise<Lock | undefined>;
  findGroupByName(db: Executor, companyId: number, name: string, exceptId?: number): Promise<unknown>;
  insertGroup(db: Executor, values: Insert): Promise<{ id: number }>;
  updateGroup(db: Executor, companyId: number, id: number, changes: Changes): Promise<unknown>;
}

export interface NamedGroupArea<Row, Lock, Changes, Insert extends NewGroup, Output> {
  /** The history rows' entity type, e.g. 'product_group'. */
  entityType: string;
  /** The group's name in 'Product group Not Found'. */
  label: string;
  nameTaken: string;
  queries: NamedGroupQueries<Row, Lock, Changes, Insert>;
  /** The groups with their children, as the API answers them. */
  present(db: Executor, companyId: number, rows: Row[]): Promise<Output[]>;
  /** The unique indexes are the final word: a concurrent request can pass the checks before them. */
  explainUniqueViolation(error: unknown): never;
}

/**
 * A named group with children of its own (product groups and their attributes, variant groups and
 * their products): the reads, the name rule, creation and changes with their history row, written
 * once. What the children are and the area's own checks stay in the area's service.
 */
export function namedGroups<
  Row,
  Lock,
  Changes extends { name?: string; is_active?: boolean } & Record<string, unknown>,
  Insert extends NewGroup,
  Output,
>(area: NamedGroupArea<Row, Lock, Changes, Insert, Output>) {
  const { queries } = area;
  const recordGroupHistory = historyWriter(area.entityType);

  async function get(db: Executor, companyId: number, id: number): Promise<Output> {
    const row = await queries.findGroup(db, companyId, id);
    if (!row) throw notFound(area.label);
    const [group] = await area.present(db, companyId, [row]);
    return group as Output;
  }

  async function list(
    db: Executor,
    companyId: number,
    filter: NameAndActiveFilter,
    sort: SortKey[],
    window: PageWindow,
  ) {
    const [{ n }, rows] = await queries.listGroups(db, companyId, filter, sort, window);
    return { count: Number(n), results: await area.present(db, companyId, rows) };
  }

  async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
    if (await queries.findGroupByName(tx, companyId, name, exceptId)) {
      throw validationError('name', area.nameTaken);
    }
  }

  async function lock(tx: Executor, companyId: number, id: number): Promise<Lock> {
    const current = await queries.lockGroup(tx, companyId, id);
    if (!current) throw notFound(area.label);
    return current;
  }

  /**
   * Checks the name, inserts the group with the area's own `columns`, lets `children` add what the
   * group holds, and records 'created'.
   */
  async function create(options: {
    db: Database;
    actor: Principal;
    input: { name: string; description?: string | null } & Record<string, unknown>;
    columns: Omit<Insert, keyof NewGroup>;
    children?: (tx: Tx, groupId: number) => Promise<unknown>;
  }): Promise<Output> {
    const { db, actor, input } = options;
    const id = await inTransaction(db, async (tx) => {
      await assertNameFree(tx, actor.companyId, input.name);
      const values = {
        company_id: actor.companyId,
        name: input.name,
        description: input.description ?? null,
        ...options.columns,
      } as Insert;
      const row = await queries.insertGroup(tx, values).catch(area.explainUniqueViolation);
      await options.children?.(tx, row.id);
      await recordGroupHistory(tx, actor, row.id, 'created', input);
      return row.id;
    });
    return get(db, actor.companyId, id);
  }

  /**
   * Locks the group and lets `write` change it or its children, with the history row of `action`;
   * answers the group as it now is.
   */
  async function changeWith(options: {
    db: Database;
    actor: Principal;
    groupId: number;
    action: string;
    changes: Record<string, unknown>;
    write: (tx: Tx, current: Lock) => Promise<unknown>;
  }): Promise<Output> {
    const { db, actor, groupId } = options;
    await inTransaction(db, async (tx) => {
      const current = await lock(tx, actor.companyId, groupId);
      await options.write(tx, current);
      await recordGroupHistory(tx, actor, groupId, options.action, options.changes);
    });
    return get(db, actor.companyId, groupId);
  }

  /** The group's own columns changed; `check` adds the area's rules before the update. */
  const change = (
    options: { db: Database; actor: Principal; groupId: number; action: string; changes: Changes },
    check?: (tx: Tx) => Promise<void>,
  ) =>
    changeWith({
      ...options,
      write: async (tx) => {
        const { actor, groupId, changes } = options;
        if (changes.name !== undefined) await assertNameFree(tx, actor.companyId, changes.name, groupId);
        await check?.(tx);
        await queries.updateGroup(tx, actor.companyId, groupId, changes).catch(area.explainUniqueViolation);
      },
    });

  const setActive = (options: { db: Database; actor: Principal; groupId: number; active: boolean }) =>
    change({
      ...options,
      action: options.active ? 'activated' : 'deactivated',
      changes: { is_active: options.active } as Changes,
    });

  return { get, list, lock, create, changeWith, change, setActive, recordGroupHistory };
}
