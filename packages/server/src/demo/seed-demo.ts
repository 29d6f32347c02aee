import type { AppContext } from '../app-context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { inTransaction } from '../db/transaction.ts';
import { createBranchWithWarehouse, createCompanyAccount } from '../modules/auth/signup.ts';
import { markCompanyVerified } from '../modules/companies/companies.service.ts';
import { addUserBranches } from '../modules/users/users.service.ts';
import { seedDemoBusiness } from './seed-demo-data.ts';
import { gstin } from './seed-demo-support.ts';

export const DEMO_USERNAME = 'admin@demo.in';
export const DEMO_PASSWORD = 'Demo@1234';

const HALF_MADE =
  'The demo company in this database was left half-made by an earlier start that failed (see its error). ' +
  'Start again on a new database (delete DATA_DIR, or use an empty DATABASE_URL), or set DEMO=0.';

/**
 * What a start finds: the demo company made by an earlier start ('made'), a database with other
 * companies only ('none'), or a new database to make it in ('new'). A demo company left
 * half-made (unverified: see makeDemoCompany) stops the start with a sentence.
 */
export async function findDemoCompany(ctx: AppContext): Promise<'made' | 'none' | 'new'> {
  const anyCompany = await ctx.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (!anyCompany) return 'new';
  const demo = await ctx.db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select('companies.is_verified')
    .where('users.email', '=', DEMO_USERNAME)
    .executeTakeFirst();
  if (demo && !demo.is_verified) throw new Error(HALF_MADE);
  return demo ? 'made' : 'none';
}

/** The demo company on a new database, or the one made before; undefined when other companies are there. */
export async function seedDemoCompany(
  ctx: AppContext,
): Promise<{ username: string; password: string } | undefined> {
  const found = await findDemoCompany(ctx);
  if (found === 'none') return undefined;
  if (found === 'new') await makeDemoCompany(ctx);
  return { username: DEMO_USERNAME, password: DEMO_PASSWORD };
}

/**
 * On a new database: a verified demo company with branches in Maharashtra and Karnataka (so both
 * intra- and inter-state GST can be tried), a warehouse each, the reference data and an admin,
 * then its business data (seed-demo-data.ts). The company is verified last: the business data
 * is written by many transactions, and an unverified demo company is how a later start knows
 * that an earlier one failed half-way (and its admin cannot sign in until it is whole).
 */
export async function makeDemoCompany(ctx: AppContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pan = 'AAECD1234F';
  const { companyId, userId } = await inTransaction(ctx.db, async (tx) => {
    const account = await createCompanyAccount(
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
    const bengaluru = await createBranchWithWarehouse(tx, account.companyId, {
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
    await addUserBranches(tx, account.companyId, account.userId, [bengaluru.id]);
    return account;
  });
  await seedDemoBusiness(ctx, companyId, userId);
  await markCompanyVerified(ctx.db, companyId);
}
