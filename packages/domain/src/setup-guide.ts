/**
 * The Setup Guide (/onboarding): the steps a new seller takes before a first correct GST invoice,
 * each decided from the company's real state. The server counts the facts in SQL; this decides
 * which steps are done, so the guide, Home and the Settings panel agree.
 */

export const SETUP_STEP_KEYS = [
  'company_profile',
  'bank_and_upi',
  'logo',
  'terms',
  'invoice_series',
  'first_product',
  'first_buyer',
  'first_invoice',
  'e_invoicing',
  'mail',
] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

/** What each step asks for, in the order the guide shows them. */
export const SETUP_STEPS: Record<SetupStepKey, { title: string; description: string }> = {
  company_profile: {
    title: 'Company profile and GSTIN',
    description: 'Add your GSTIN, e-mail and phone: a tax invoice prints them.',
  },
  bank_and_upi: {
    title: 'Bank account and UPI ID',
    description:
      "Add your branch's bank account with a UPI ID: invoices print it with a QR code that buyers scan to pay.",
  },
  logo: { title: 'Company logo', description: 'Upload your logo for your invoices and quotations.' },
  terms: {
    title: 'Terms and conditions',
    description: 'Write the terms printed at the foot of your invoices (payment, returns, jurisdiction).',
  },
  invoice_series: {
    title: 'Invoice series',
    description: "Choose your branch's invoice number series, e.g. PUN for PUN/2627/00001.",
  },
  first_product: {
    title: 'Add your first product',
    description: 'A product with its price, GST rate and HSN code.',
  },
  first_buyer: {
    title: 'Add your first buyer',
    description: 'A buyer with GSTIN and billing address, so invoices charge the right tax.',
  },
  first_invoice: {
    title: 'Send your first invoice',
    description: 'Create a sales order for the buyer, then Generate Invoice from it.',
  },
  e_invoicing: {
    title: 'E-invoicing',
    description:
      'Connect to the e-invoice portal (IRP) to register invoices and print their IRN and QR code. Whoever runs your server sets this up.',
  },
  mail: {
    title: 'E-mail',
    description:
      'Connect an outgoing mail server so invoices and sign-in codes reach people by e-mail. Whoever runs your server sets this up.',
  },
};

/** One active branch as the guide sees it: what its invoices print for payment. */
export interface SetupBranchFacts {
  id: number;
  name: string;
  /** A default bank account (the one its invoices print). */
  hasBankAccount: boolean;
  /** That account carries a UPI ID. */
  hasUpiId: boolean;
  hasInvoiceSeries: boolean;
}

export interface SetupFacts {
  hasGstin: boolean;
  hasLogo: boolean;
  hasTerms: boolean;
  hasProduct: boolean;
  hasBuyer: boolean;
  hasInvoice: boolean;
  eInvoicingConfigured: boolean;
  mailConfigured: boolean;
  branches: SetupBranchFacts[];
}

/** Whether each step is done: a branch step is done when any active branch has it. */
export function setupStepsDone(facts: SetupFacts): Record<SetupStepKey, boolean> {
  return {
    company_profile: facts.hasGstin,
    bank_and_upi: facts.branches.some((branch) => branch.hasBankAccount && branch.hasUpiId),
    logo: facts.hasLogo,
    terms: facts.hasTerms,
    invoice_series: facts.branches.some((branch) => branch.hasInvoiceSeries),
    first_product: facts.hasProduct,
    first_buyer: facts.hasBuyer,
    first_invoice: facts.hasInvoice,
    e_invoicing: facts.eInvoicingConfigured,
    mail: facts.mailConfigured,
  };
}
