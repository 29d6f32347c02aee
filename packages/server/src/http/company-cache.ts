/**
 * Read caching per company. Every company has an epoch; any change to its data bumps it, which
 * retires every cached response and principal of that company at once. On PostgreSQL the bump is
 * broadcast with NOTIFY so every app server retires its copies too (see server.ts).
 */
const epochs = new Map<number, number>();
const listeners = new Set<(companyId: number) => void>();

export function companyEpoch(companyId: number): number {
  return epochs.get(companyId) ?? 0;
}

/** Call after anything of the company changed (the API does it after every successful write). */
export function companyChanged(companyId: number, options: { broadcast?: boolean } = {}): void {
  epochs.set(companyId, companyEpoch(companyId) + 1);
  if (options.broadcast !== false) for (const listener of listeners) listener(companyId);
}

/** Subscribes to local changes, e.g. to broadcast them to other servers. */
export function onCompanyChanged(listener: (companyId: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A bounded map that forgets its oldest entries first. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.entries.has(key)) this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
