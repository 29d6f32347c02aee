import { bankAccountCreate } from '@b2b/domain/api/bank-accounts';
import { transactionCreate } from '@b2b/domain/api/buyers';
import { cashpointCreditInput, cashpointDebitInput } from '@b2b/domain/api/cashpoints';
import { addDays, indianToday } from '@b2b/domain/cashpoints';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { createBankAccount } from '../modules/bank-accounts/bank-accounts.service.ts';
import { recordTransaction } from '../modules/buyer-ledger/buyer-ledger.service.ts';
import { creditCashpoints, debitCashpoints } from '../modules/cashpoints/cashpoints.service.ts';
import { type Branch, lookup, step } from './seed-demo-support.ts';

// The demo's money: a buyer's payment, cashpoints, and the branches' bank accounts.

const PAYMENT = {
  buyer: 'Mehta Kitchen World',
  branch: 'Mumbai' as Branch,
  method: 'bank_transfer',
  amount: 40000,
  reference_number: 'NEFT HDFCN52025112104871',
  notes: 'Part payment against the opening balance.',
};

const CASHPOINTS = {
  buyer: 'Sri Lakshmi Appliances',
  salesChannel: 'web_store',
  credit: 500,
  expiresInDays: 60,
  debit: 120,
};

const BANK_ACCOUNTS: ({ branch: Branch } & Record<string, unknown>)[] = [
  {
    branch: 'Mumbai',
    bank_name: 'HDFC Bank',
    account_holder_name: 'Demo Traders Private Limited',
    account_number: '50200048213376',
    ifsc_code: 'HDFC0000212',
    bank_branch_name: 'Andheri East',
    account_type: 'current',
    upi_id: 'demotraders@hdfcbank',
    is_default: true,
  },
  {
    branch: 'Bengaluru',
    bank_name: 'ICICI Bank',
    account_holder_name: 'Demo Traders Private Limited',
    account_number: '125605001842',
    ifsc_code: 'ICIC0001256',
    bank_branch_name: 'Residency Road',
    account_type: 'current',
    is_default: true,
  },
];

/** A payment on account, cashpoints given and spent, a bank account per branch. */
export async function seedDemoMoney(
  db: Database,
  actor: Principal,
  refs: {
    buyers: Map<string, number>;
    methods: Map<string, number>;
    branches: Map<string, number>;
    channels: Map<string, number>;
  },
) {
  const { buyers, methods, branches, channels } = refs;
  const payment = transactionCreate.parse({
    buyer: lookup(buyers, PAYMENT.buyer, 'buyer'),
    transaction_type: 'payment',
    amount: PAYMENT.amount,
    payment_method: lookup(methods, PAYMENT.method, 'payment method'),
    reference_number: PAYMENT.reference_number,
    notes: PAYMENT.notes,
    branch: lookup(branches, PAYMENT.branch, 'branch'),
  });
  await step('payment', () => recordTransaction({ db, actor, input: payment }));

  const cashpointBuyer = lookup(buyers, CASHPOINTS.buyer, 'buyer');
  const salesChannel = lookup(channels, CASHPOINTS.salesChannel, 'sales channel');
  const credit = cashpointCreditInput.parse({
    amount: CASHPOINTS.credit,
    expired_on: addDays(indianToday(), CASHPOINTS.expiresInDays),
    sales_channel: salesChannel,
  });
  await step('cashpoint credit', () =>
    creditCashpoints({ db, actor, buyerId: cashpointBuyer, input: credit }),
  );
  const debit = cashpointDebitInput.parse({ amount: CASHPOINTS.debit, sales_channel: salesChannel });
  await step('cashpoint debit', () => debitCashpoints({ db, actor, buyerId: cashpointBuyer, input: debit }));

  for (const { branch, ...account } of BANK_ACCOUNTS) {
    const input = bankAccountCreate.parse(account);
    const branchId = lookup(branches, branch, 'branch');
    await step(`bank account of ${branch}`, () => createBankAccount({ db, actor, branchId, input }));
  }
}
