import { describe, expect, it } from 'vitest';
import { orderAsTree, parentCandidates, selfAndDescendants, type TreeAccount } from './account-tree';

const account = (
  id: number,
  name: string,
  parent: number | null,
  group = 1,
  branch: number | null = null,
): TreeAccount => ({
  id,
  name,
  parent_account: parent === null ? null : { id: parent },
  branch: branch === null ? null : { id: branch },
  account_type: { account_group: { id: group } },
});

const CHART = [
  account(1, 'Banks', null),
  account(2, 'SBI', 1),
  account(3, 'Axis', 1),
  account(4, 'Axis Savings', 3),
  account(5, 'Cash', null, 2),
  account(6, 'Orphan', 99),
  account(7, 'Pune Bank', null, 1, 10),
];

describe('orderAsTree', () => {
  it('puts sub-accounts under their parent, by name, with depths', () => {
    expect(orderAsTree(CHART).map(({ account: a, depth }) => `${'-'.repeat(depth)}${a.name}`)).toEqual([
      'Banks',
      '-Axis',
      '--Axis Savings',
      '-SBI',
      'Cash',
      'Orphan',
      'Pune Bank',
    ]);
  });

  it('survives a cycle in the data', () => {
    expect(
      orderAsTree([account(1, 'A', 2), account(2, 'B', 1)]).map(({ account: a, depth }) => [a.name, depth]),
    ).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
  });
});

describe('parentCandidates', () => {
  it('offers accounts of the same group, not the account or its sub-accounts, and of a fitting branch', () => {
    expect([...selfAndDescendants(CHART, 1)].sort()).toEqual([1, 2, 3, 4]);
    const names = (list: TreeAccount[]) => list.map((a) => a.name);
    expect(names(parentCandidates(CHART, { groupId: 1, branchId: null, accountId: 3 }))).toEqual([
      'Banks',
      'SBI',
      'Orphan',
    ]);
    expect(names(parentCandidates(CHART, { groupId: 1, branchId: 10 }))).toEqual([
      'Banks',
      'SBI',
      'Axis',
      'Axis Savings',
      'Orphan',
      'Pune Bank',
    ]);
    expect(parentCandidates(CHART, { groupId: null, branchId: null })).toEqual([]);
  });
});
