export interface Positioned {
  id: number;
  position: number;
}

export type MoveDirection = 'up' | 'down';

export interface PositionChange {
  id: number;
  position: number;
}

/** The server's order: position, then id for equal positions. */
export function byPosition<T extends Positioned>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The PATCHes that move the item at `index` (of the list in server order) one place up or down.
 * Normally the two neighbours swap positions. Equal positions cannot be swapped (the order would
 * not change), so then the whole list is numbered 1..n in the new order and only the items whose
 * position changes are sent.
 */
export function positionChanges(
  items: readonly Positioned[],
  index: number,
  direction: MoveDirection,
): PositionChange[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [];
  const moving = items[index];
  const other = items[target];
  if (moving.position !== other.position) {
    return [
      { id: moving.id, position: other.position },
      { id: other.id, position: moving.position },
    ];
  }
  const reordered = [...items];
  reordered[index] = other;
  reordered[target] = moving;
  return reordered
    .map((item, i) => ({ id: item.id, position: i + 1, before: item.position }))
    .filter((item) => item.position !== item.before)
    .map(({ id, position }) => ({ id, position }));
}

/** The list after the changes, in server order (for showing a move before the server confirms it). */
export function withPositions<T extends Positioned>(
  items: readonly T[],
  changes: readonly PositionChange[],
): T[] {
  const next = new Map(changes.map((change) => [change.id, change.position]));
  return byPosition(items.map((item) => ({ ...item, position: next.get(item.id) ?? item.position })));
}
