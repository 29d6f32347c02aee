/** The fields of a category row the tree needs; the API's category objects have them all. */
export interface CategoryTreeItem {
  id: number;
  name: string;
  is_active: boolean;
  is_root: boolean;
  /** The parent's id, or {id, name} when the list was read with expand=parent_category. */
  parent_category: number | { id: number } | null;
}

export interface CategoryTreeNode<T extends CategoryTreeItem = CategoryTreeItem> {
  category: T;
  /** Sorted by name. */
  children: CategoryTreeNode<T>[];
}

export function parentIdOf(item: Pick<CategoryTreeItem, 'parent_category'>): number | null {
  const parent = item.parent_category;
  if (parent === null || parent === undefined) return null;
  return typeof parent === 'number' ? parent : parent.id;
}

const byName = (a: CategoryTreeNode, b: CategoryTreeNode) =>
  a.category.name.localeCompare(b.category.name, 'en-IN', { sensitivity: 'base' }) ||
  a.category.id - b.category.id;

/**
 * The tree of a company's categories from the flat list (read whole, limit=-1): the root first,
 * children sorted by name. A row whose parent is not in the list (a filtered list) becomes a
 * top-level node rather than vanishing; rows that only reach each other through a loop of
 * parents, which the server never stores, are shown at the top level as well.
 */
export function buildCategoryTree<T extends CategoryTreeItem>(items: readonly T[]): CategoryTreeNode<T>[] {
  const nodes = new Map<number, CategoryTreeNode<T>>();
  for (const category of items) nodes.set(category.id, { category, children: [] });

  const top: CategoryTreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(parentIdOf(node.category) ?? Number.NaN);
    if (parent && parent !== node) parent.children.push(node);
    else top.push(node);
  }

  const reached = new Set<number>();
  const visit = (node: CategoryTreeNode<T>) => {
    reached.add(node.category.id);
    node.children.sort(byName);
    for (const child of node.children) visit(child);
  };
  for (const node of top) visit(node);
  for (const node of nodes.values()) {
    if (reached.has(node.category.id)) continue;
    // A loop: cut it at this node so that it is listed once.
    for (const other of nodes.values()) {
      other.children = other.children.filter((child) => child !== node);
    }
    top.push(node);
    visit(node);
  }

  return top.sort((a, b) => Number(b.category.is_root) - Number(a.category.is_root) || byName(a, b));
}

/**
 * The nodes for which `keep` holds, with their ancestors (so the path to a match stays visible)
 * and with the whole subtree below a match.
 */
export function filterCategoryTree<T extends CategoryTreeItem>(
  nodes: readonly CategoryTreeNode<T>[],
  keep: (category: T) => boolean,
): CategoryTreeNode<T>[] {
  const result: CategoryTreeNode<T>[] = [];
  for (const node of nodes) {
    if (keep(node.category)) {
      result.push(node);
      continue;
    }
    const children = filterCategoryTree(node.children, keep);
    if (children.length > 0) result.push({ category: node.category, children });
  }
  return result;
}

/**
 * The tree without inactive categories, which cannot be assigned products. An inactive category
 * with an active one below it stays, so that the active one keeps its place; the caller shows
 * it but does not let it be chosen.
 */
export function withoutInactive<T extends CategoryTreeItem>(
  nodes: readonly CategoryTreeNode<T>[],
): CategoryTreeNode<T>[] {
  const result: CategoryTreeNode<T>[] = [];
  for (const node of nodes) {
    const children = withoutInactive(node.children);
    if (node.category.is_active || children.length > 0) result.push({ category: node.category, children });
  }
  return result;
}

/** The ids from the top of the tree down to the parent of `id`; null when `id` is not in it. */
export function ancestorIds(nodes: readonly CategoryTreeNode[], id: number): number[] | null {
  for (const node of nodes) {
    if (node.category.id === id) return [];
    const below = ancestorIds(node.children, id);
    if (below) return [node.category.id, ...below];
  }
  return null;
}

export function findCategoryNode<T extends CategoryTreeItem>(
  nodes: readonly CategoryTreeNode<T>[],
  id: number,
): CategoryTreeNode<T> | null {
  for (const node of nodes) {
    if (node.category.id === id) return node;
    const found = findCategoryNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The node's id and those of every category below it (a category cannot move under these). */
export function subtreeIds(node: CategoryTreeNode): Set<number> {
  const ids = new Set<number>();
  const walk = (current: CategoryTreeNode) => {
    ids.add(current.category.id);
    for (const child of current.children) walk(child);
  };
  walk(node);
  return ids;
}

/** Ids of every node that has children: for 'expand all'. */
export function parentNodeIds(nodes: readonly CategoryTreeNode[]): number[] {
  const ids: number[] = [];
  const walk = (list: readonly CategoryTreeNode[]) => {
    for (const node of list) {
      if (node.children.length === 0) continue;
      ids.push(node.category.id);
      walk(node.children);
    }
  };
  walk(nodes);
  return ids;
}
