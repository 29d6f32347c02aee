import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  buildCategoryTree,
  type CategoryTreeItem,
  type CategoryTreeNode,
  filterCategoryTree,
  findCategoryNode,
  parentNodeIds,
  subtreeIds,
  withoutInactive,
} from './category-tree';

const item = (
  id: number,
  name: string,
  parent: CategoryTreeItem['parent_category'],
  overrides: Partial<CategoryTreeItem> = {},
): CategoryTreeItem => ({ id, name, parent_category: parent, is_active: true, is_root: false, ...overrides });

const ROOT = item(1, 'Root Category', null, { is_root: true });

/** A tree as nested [name, children] pairs, easy to compare. */
type Shape = [string, Shape[]];
const shape = (nodes: CategoryTreeNode[]): Shape[] =>
  nodes.map((node) => [node.category.name, shape(node.children)]);

describe('buildCategoryTree', () => {
  it('puts the root on top and each category under its parent, sorted by name', () => {
    const tree = buildCategoryTree([
      item(4, 'Phones', 2),
      item(2, 'Electronics', 1),
      item(3, 'apparel', 1),
      ROOT,
      item(5, 'Chargers', 4),
      item(6, 'Laptops', 2),
    ]);
    expect(shape(tree)).toEqual([
      [
        'Root Category',
        [
          ['apparel', []],
          [
            'Electronics',
            [
              ['Laptops', []],
              ['Phones', [['Chargers', []]]],
            ],
          ],
        ],
      ],
    ]);
  });

  it('reads expanded parents ({id, name}) as well as ids', () => {
    const tree = buildCategoryTree([ROOT, item(2, 'Electronics', { id: 1 }), item(3, 'Phones', { id: 2 })]);
    expect(shape(tree)).toEqual([['Root Category', [['Electronics', [['Phones', []]]]]]]);
  });

  it('keeps a category whose parent is missing from the list, at the top after the root', () => {
    const tree = buildCategoryTree([item(9, 'Orphan', 42), ROOT, item(2, 'Electronics', 1)]);
    expect(shape(tree)).toEqual([
      ['Root Category', [['Electronics', []]]],
      ['Orphan', []],
    ]);
  });

  it('lists every category of a parent loop once instead of losing them', () => {
    const tree = buildCategoryTree([ROOT, item(2, 'Loop A', 3), item(3, 'Loop B', 2)]);
    const names: string[] = [];
    const walk = (nodes: CategoryTreeNode[]) => {
      for (const node of nodes) {
        names.push(node.category.name);
        walk(node.children);
      }
    };
    walk(tree);
    expect(names.sort()).toEqual(['Loop A', 'Loop B', 'Root Category']);
  });

  it('is empty for an empty list', () => {
    expect(buildCategoryTree([])).toEqual([]);
  });
});

describe('tree helpers', () => {
  const tree = buildCategoryTree([
    ROOT,
    item(2, 'Electronics', 1),
    item(3, 'Phones', 2, { is_active: false }),
    item(4, 'Chargers', 3),
    item(5, 'Cases', 3, { is_active: false }),
    item(6, 'Toys', 1, { is_active: false }),
    item(7, 'Books', 1),
  ]);

  it('filters to the matches, their ancestors and what lies below a match', () => {
    expect(shape(filterCategoryTree(tree, (c) => c.name === 'Phones'))).toEqual([
      [
        'Root Category',
        [
          [
            'Electronics',
            [
              [
                'Phones',
                [
                  ['Cases', []],
                  ['Chargers', []],
                ],
              ],
            ],
          ],
        ],
      ],
    ]);
    expect(filterCategoryTree(tree, (c) => c.name === 'Nothing')).toEqual([]);
  });

  it('drops inactive categories but keeps an inactive one above an active one', () => {
    expect(shape(withoutInactive(tree))).toEqual([
      [
        'Root Category',
        [
          ['Books', []],
          ['Electronics', [['Phones', [['Chargers', []]]]]],
        ],
      ],
    ]);
  });

  it('finds the way down to a category', () => {
    expect(ancestorIds(tree, 4)).toEqual([1, 2, 3]);
    expect(ancestorIds(tree, 1)).toEqual([]);
    expect(ancestorIds(tree, 99)).toBeNull();
  });

  it('collects a subtree and the branches that can open', () => {
    const phones = findCategoryNode(tree, 3);
    expect(phones?.category.name).toBe('Phones');
    expect(phones && [...subtreeIds(phones)].sort()).toEqual([3, 4, 5]);
    expect(parentNodeIds(tree).sort()).toEqual([1, 2, 3]);
  });
});
