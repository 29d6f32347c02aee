import type { BranchConfigurationInput, BranchConfigurationType } from '@b2b/domain/api/branches';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { validSettings } from '../companies/companies.service.ts';
import { findBranchOrFail } from './branch-checks.ts';
import * as queries from './branches.queries.ts';
import { changeBranch } from './change-branch.ts';

export async function listBranchConfigurations(
  db: Executor,
  companyId: number,
  branchId: number,
  type?: BranchConfigurationType,
) {
  await findBranchOrFail(db, companyId, branchId);
  return queries.listBranchConfigurations(db, companyId, branchId, type);
}

/** PUT branches/{id}/configurations: one type's settings, checked by that type's schema. */
export const saveBranchConfiguration = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  input: BranchConfigurationInput;
}) => {
  const { input } = options;
  const configurations = validSettings(input.configuration_type, input.configurations);
  return changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'configuration_updated',
    (tx) =>
      queries.upsertBranchConfiguration(tx, options.actor.companyId, options.branchId, {
        ...input,
        configurations,
      }),
    () => ({ ...input, configurations }),
  );
};
