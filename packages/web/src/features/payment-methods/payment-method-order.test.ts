import { describe, expect, it } from 'vitest';
import { byPosition, positionChanges, withPositions } from './payment-method-order';

const methods = [
  { id: 1, position: 1 },
  { id: 2, position: 2 },
  { id: 3, position: 5 },
];

describe('positionChanges', () => {
  it('swaps the positions of a method and the one above it', () => {
    expect(positionChanges(methods, 2, 'up')).toEqual([
      { id: 3, position: 2 },
      { id: 2, position: 5 },
    ]);
  });

  it('swaps the positions of a method and the one below it', () => {
    expect(positionChanges(methods, 0, 'down')).toEqual([
      { id: 1, position: 2 },
      { id: 2, position: 1 },
    ]);
  });

  it('changes nothing past either end of the list', () => {
    expect(positionChanges(methods, 0, 'up')).toEqual([]);
    expect(positionChanges(methods, 2, 'down')).toEqual([]);
    expect(positionChanges([], 0, 'down')).toEqual([]);
  });

  it('numbers the list 1..n in the new order when the neighbours share a position', () => {
    const tied = [
      { id: 4, position: 0 },
      { id: 7, position: 0 },
      { id: 9, position: 3 },
    ];
    // New order 7, 4, 9: 7 -> 1, 4 -> 2, 9 keeps 3.
    expect(positionChanges(tied, 0, 'down')).toEqual([
      { id: 7, position: 1 },
      { id: 4, position: 2 },
    ]);
  });

  it('gives the moved order once the changes are applied', () => {
    const tied = [
      { id: 4, position: 0 },
      { id: 7, position: 0 },
      { id: 9, position: 0 },
    ];
    const moved = withPositions(tied, positionChanges(tied, 2, 'up'));
    expect(moved.map((m) => m.id)).toEqual([4, 9, 7]);
    expect(withPositions(methods, positionChanges(methods, 1, 'down')).map((m) => m.id)).toEqual([1, 3, 2]);
  });
});

describe('byPosition', () => {
  it('orders by position, then by id', () => {
    expect(
      byPosition([
        { id: 3, position: 1 },
        { id: 1, position: 2 },
        { id: 2, position: 1 },
      ]).map((m) => m.id),
    ).toEqual([2, 3, 1]);
  });
});
