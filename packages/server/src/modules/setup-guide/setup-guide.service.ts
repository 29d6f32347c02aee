import type { SetupGuideOutput } from '@b2b/domain/api/setup-guide';
import { SETUP_STEP_KEYS, SETUP_STEPS, setupStepsDone } from '@b2b/domain/setup-guide';
import { notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './setup-guide.queries.ts';

/**
 * The Setup Guide of a company as it stands: two reads (the company's facts, its branches'), no
 * writes. Whether e-invoicing and mail are connected is the server's configuration, passed in.
 */
export async function getSetupGuide(options: {
  db: Executor;
  companyId: number;
  eInvoicingConfigured: boolean;
  mailConfigured: boolean;
}): Promise<SetupGuideOutput> {
  const { db, companyId } = options;
  const [company, branches] = await Promise.all([
    queries.companyFacts(db, companyId),
    queries.branchFacts(db, companyId),
  ]);
  if (!company) throw notFound('Company');
  const done = setupStepsDone({
    hasGstin: company.has_gstin,
    hasLogo: company.has_logo,
    hasTerms: company.has_terms,
    hasProduct: company.has_product,
    hasBuyer: company.has_buyer,
    hasInvoice: company.has_invoice,
    eInvoicingConfigured: options.eInvoicingConfigured,
    mailConfigured: options.mailConfigured,
    branches: branches.map((branch) => ({
      id: branch.id,
      name: branch.name,
      hasBankAccount: branch.has_bank_account,
      hasUpiId: branch.has_upi_id,
      hasInvoiceSeries: branch.has_invoice_series,
    })),
  });
  const steps = SETUP_STEP_KEYS.map((key) => ({ key, title: SETUP_STEPS[key].title, done: done[key] }));
  const doneCount = steps.filter((step) => step.done).length;
  return {
    steps,
    done_count: doneCount,
    total: steps.length,
    complete: doneCount === steps.length,
    branches: branches.map((branch) => ({
      id: branch.id,
      name: branch.name,
      has_bank_account: branch.has_bank_account,
      has_upi_id: branch.has_upi_id,
      has_invoice_series: branch.has_invoice_series,
    })),
  };
}
