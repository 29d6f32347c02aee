/**
 * How GST treats a product's supply (issue 22). A line at 0% cannot say on its own whether the
 * goods are nil-rated (a 0% rate in the schedule), exempt (notified out of tax) or outside GST
 * altogether (alcohol for human consumption, petroleum crude...): GSTR-1 table 8 and GSTR-3B
 * 3.1(c) / 3.1(e) report the three apart. The treatment is the product's, and each invoice and
 * credit-note line keeps the treatment its product had when the line was written (like its rate).
 */
export const GST_TREATMENTS = ['taxable', 'nil_rated', 'exempt', 'non_gst'] as const;
export type GstTreatment = (typeof GST_TREATMENTS)[number];

export const GST_TREATMENT_LABELS: Record<GstTreatment, string> = {
  taxable: 'Taxable',
  nil_rated: 'Nil Rated',
  exempt: 'Exempt',
  non_gst: 'Non-GST',
};

export const GST_TREATMENT_OPTIONS = GST_TREATMENTS.map((value) => ({
  value,
  label: GST_TREATMENT_LABELS[value],
}));

/** What a document line shows of its treatment: its label when not taxable, else nothing. */
export const lineTreatmentLabel = (treatment: GstTreatment | undefined): string | null =>
  treatment && treatment !== 'taxable' ? GST_TREATMENT_LABELS[treatment] : null;

/** Nil-rated, exempt and non-GST supplies carry no GST and no cess. */
export const isTaxFreeTreatment = (treatment: GstTreatment) => treatment !== 'taxable';

export const GST_TREATMENT_MESSAGES = {
  choose: 'Choose Taxable, Nil Rated, Exempt or Non-GST.',
  tax_not_zero: (treatment: GstTreatment, ratePercent: number) =>
    `A product with ${GST_TREATMENT_LABELS[treatment]} GST treatment is taxed at 0%: choose a 0% GST tax or none instead of ${ratePercent}%, or make the product Taxable.`,
  cess_not_allowed: (treatment: GstTreatment) =>
    `A product with ${GST_TREATMENT_LABELS[treatment]} GST treatment carries no cess: remove the cess tax, or make the product Taxable.`,
  /** A bill line's treatment against the GST rate entered on it. */
  line_tax_not_zero: (treatment: GstTreatment) =>
    `A line with ${GST_TREATMENT_LABELS[treatment]} GST treatment is taxed at 0%: choose 0% GST, or make the line Taxable.`,
  line_cess_not_allowed: (treatment: GstTreatment, product: string) =>
    `A line with ${GST_TREATMENT_LABELS[treatment]} GST treatment carries no cess, and ${product} bears cess: make the line Taxable.`,
} as const;

/**
 * Why a product's treatment and taxes do not go together, or null when they do: a tax-free
 * treatment forces 0% GST and no cess.
 */
export function gstTreatmentRefusal(
  treatment: GstTreatment,
  gstRatePercent: number | null,
  cessRatePercent: number | null,
): { field: 'tax' | 'cess_tax'; message: string } | null {
  if (!isTaxFreeTreatment(treatment)) return null;
  if (gstRatePercent !== null && gstRatePercent !== 0)
    return { field: 'tax', message: GST_TREATMENT_MESSAGES.tax_not_zero(treatment, gstRatePercent) };
  if (cessRatePercent !== null && cessRatePercent !== 0)
    return { field: 'cess_tax', message: GST_TREATMENT_MESSAGES.cess_not_allowed(treatment) };
  return null;
}
