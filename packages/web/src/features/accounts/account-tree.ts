/** The parts of an account the tree needs. */
export interface TreeAccount {
  id: number;
  name: string;
  parent_account: { id: number } | null;
  branch: { id: number } | null;
  account_type: { account_group: { id: number } };
}

/**
 * Accounts in chart order: each parent followed by its sub-accounts (by name), with their depth.
 * An account whose parent is not in the list (filtered away) starts a tree of its own.
 */
export function orderAsTree<T extends TreeAccount>(accounts: readonly T[]): { account: T; depth: number }[] {
  const ids = new Set(accounts.map((a) => a.id));
  const children = new Map<number, T[]>();
  const roots: T[] = [];
  for (const account of accounts) {
    const parent = account.parent_account?.id;
    if (parent !== undefined && ids.has(parent) && parent !== account.id) {
      children.set(parent, [...(children.get(parent) ?? []), account]);
    } else {
      roots.push(account);
    }
  }
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' });
  const out: { account: T; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (account: T, depth: number) => {
    if (seen.has(account.id)) return;
    seen.add(account.id);
    out.push({ account, depth });
    for (const child of [...(children.get(account.id) ?? [])].sort(byName)) visit(child, depth + 1);
  };
  for (const root of [...roots].sort(byName)) visit(root, 0);
  // Bad data (a cycle) must not hide accounts: whatever is left is shown at the top level.
  for (const account of [...accounts].sort(byName)) visit(account, 0);
  return out;
}

/** The ids of an account and every account below it. */
export function selfAndDescendants(accounts: readonly TreeAccount[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const account of accounts) {
      const parent = account.parent_account?.id;
      if (parent !== undefined && found.has(parent) && !found.has(account.id)) {
        found.add(account.id);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Where an account may sit, by the server's rules: a parent of the same account group, not the
 * account itself or one of its sub-accounts, and company-wide or of the account's branch.
 */
export function parentCandidates<T extends TreeAccount>(
  accounts: readonly T[],
  options: { groupId: number | null; branchId: number | null; accountId?: number },
): T[] {
  if (options.groupId === null) return [];
  const excluded =
    options.accountId === undefined ? new Set<number>() : selfAndDescendants(accounts, options.accountId);
  return accounts.filter(
    (a) =>
      a.account_type.account_group.id === options.groupId &&
      !excluded.has(a.id) &&
      (a.branch === null || a.branch.id === options.branchId),
  );
}
