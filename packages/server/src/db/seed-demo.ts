import { computeGstinCheckChar } from '@b2b/domain/gstin';
import type { AppContext } from '../app-context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createBranchWithWarehouse, createCompanyAccount } from '../modules/auth/auth.service.ts';
import { markCompanyVerified } from '../modules/companies/companies.service.ts';
import { addUserBranches } from '../modules/users/users.service.ts';
import { inTransaction } from './transaction.ts';

export const DEMO_USERNAME = 'admin@demo.in';
export const DEMO_PASSWORD = 'Demo@1234';

const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${computeGstinCheckChar(first14)}`;
};

/**
 * On a new database: a verified demo company with branches in Maharashtra and Karnataka (so both
 * intra- and inter-state GST can be tried), a warehouse each, the reference data and an admin.
 */
export async function seedDemoCompany(
  ctx: AppContext,
): Promise<{ username: string; password: string } | undefined> {
  const anyCompany = await ctx.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (anyCompany) {
    const demoUser = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USERNAME)
      .executeTakeFirst();
    return demoUser ? { username: DEMO_USERNAME, password: DEMO_PASSWORD } : undefined;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pan = 'AAECD1234F';
  await inTransaction(ctx.db, async (tx) => {
    const { companyId, userId } = await createCompanyAccount(
      tx,
      {
        company_name: 'Demo Traders Private Limited',
        first_name: 'Asha',
        last_name: 'Admin',
        email: DEMO_USERNAME,
        phone: '9876543210',
        gstin: gstin('27', pan),
        branch_name: 'Mumbai',
        state_id: 27,
        city: 'Mumbai',
        address_line_1: '14, Andheri Kurla Road',
        address_line_2: 'Andheri East',
        pincode: '400059',
      },
      passwordHash,
    );
    const bengaluru = await createBranchWithWarehouse(tx, companyId, {
      name: 'Bengaluru',
      gstin: gstin('29', pan),
      contact: { name: 'Ravi Kumar', email: 'bengaluru@demo.in', phone: '9876543211' },
      address: {
        address_line_1: '22, Residency Road',
        address_line_2: null,
        city: 'Bengaluru',
        state_id: 29,
        pincode: '560025',
      },
    });
    await addUserBranches(tx, companyId, userId, [bengaluru.id]);
    await markCompanyVerified(tx, companyId);
  });
  return { username: DEMO_USERNAME, password: DEMO_PASSWORD };
}
