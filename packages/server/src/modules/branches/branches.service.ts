import type { Executor } from '../../db/transaction.ts';
import { validationError } from '../../http/errors.ts';
import * as queries from './branches.queries.ts';

export { insertBranch, listBranches } from './branches.queries.ts';

/** Every id must be a branch of this company; inactive branches block all operations on them. */
export async function assertActiveBranches(
  db: Executor,
  companyId: number,
  ids: number[],
  field = 'branches',
) {
  const unique = [...new Set(ids)];
  const rows = await queries.findBranchesByIds(db, companyId, unique);
  if (rows.length !== unique.length) throw validationError(field, 'Branch Not Found');
  const inactive = rows.find((b) => !b.is_active);
  if (inactive) throw validationError(field, `Branch ${inactive.name} is inactive.`);
  return rows;
}
