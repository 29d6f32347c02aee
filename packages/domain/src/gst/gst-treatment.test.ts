import { describe, expect, it } from 'vitest';
import { GST_TREATMENT_MESSAGES, gstTreatmentRefusal } from './gst-treatment.ts';

describe('gstTreatmentRefusal', () => {
  it('lets a taxable product carry any rate and cess', () => {
    expect(gstTreatmentRefusal('taxable', 18, 12)).toBeNull();
  });

  it('lets a tax-free product have a 0% GST tax or none, and no cess', () => {
    expect(gstTreatmentRefusal('exempt', 0, null)).toBeNull();
    expect(gstTreatmentRefusal('nil_rated', null, null)).toBeNull();
    expect(gstTreatmentRefusal('non_gst', null, 0)).toBeNull();
  });

  it('refuses an exempt product taxed at 5% with a sentence on the tax', () => {
    expect(gstTreatmentRefusal('exempt', 5, null)).toEqual({
      field: 'tax',
      message: GST_TREATMENT_MESSAGES.tax_not_zero('exempt', 5),
    });
    expect(GST_TREATMENT_MESSAGES.tax_not_zero('exempt', 5)).toBe(
      'A product with Exempt GST treatment is taxed at 0%: choose a 0% GST tax or none instead of 5%, or make the product Taxable.',
    );
  });

  it('refuses cess on a non-GST product', () => {
    expect(gstTreatmentRefusal('non_gst', 0, 12)?.field).toBe('cess_tax');
  });
});
