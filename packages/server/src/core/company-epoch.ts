/**
 * Read caching per company. Every company has two epochs: its data epoch, which any change to its
 * data bumps and which retires every cached response of the company at once; and its access epoch,
 * which only changes to who may do what (users, roles, sessions, branch assignments, verification)
 * bump and which retires the company's cached principals. On PostgreSQL the bumps are broadcast
 * with NOTIFY so every app server retires its copies too (see db/company-changes.ts).
 */
const epochs = new Map<number, number>();
const accessEpochs = new Map<number, number>();

export interface CompanyChange {
  /** Access changed too (see accessEpoch). */
  access: boolean;
}
const listeners = new Set<(companyId: number, change: CompanyChange) => void>();

export function companyEpoch(companyId: number): number {
  return epochs.get(companyId) ?? 0;
}

export function accessEpoch(companyId: number): number {
  return accessEpochs.get(companyId) ?? 0;
}

/**
 * Call after anything of the company changed (the API does it after every successful write);
 * `access: true` after a change to its users, roles, sessions or verification.
 */
export function companyChanged(
  companyId: number,
  options: { broadcast?: boolean; access?: boolean } = {},
): void {
  const access = options.access === true;
  epochs.set(companyId, companyEpoch(companyId) + 1);
  if (access) accessEpochs.set(companyId, accessEpoch(companyId) + 1);
  if (options.broadcast !== false) for (const listener of listeners) listener(companyId, { access });
}

/** Subscribes to local changes, e.g. to broadcast them to other servers. */
export function onCompanyChanged(listener: (companyId: number, change: CompanyChange) => void): () => void {
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
