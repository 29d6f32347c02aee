import { validationError } from '../core/errors.ts';
import type { Executor } from './transaction.ts';

/**
 * The rule "a name is taken once in the company" for one kind of row, with the field's own message
 * both ways: `assertFree` checks before the write, and `explain` turns the unique index's refusal
 * into the same message, for the index is the final word (a concurrent request can pass the check
 * before it). Any other error goes on unchanged.
 */
export function uniqueName(rule: {
  find: (db: Executor, companyId: number, name: string, exceptId?: number) => Promise<unknown>;
  isTaken: (error: unknown) => boolean;
  message: string;
}) {
  return {
    async assertFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
      if (await rule.find(tx, companyId, name, exceptId)) throw validationError('name', rule.message);
    },
    explain(error: unknown): never {
      if (rule.isTaken(error)) throw validationError('name', rule.message);
      throw error;
    },
  };
}
