import { describe, expect, it } from 'vitest';
import type { ZohoTax } from '../../core/ports/zoho-books.ts';
import { documentLines, zohoLineTaxPaise, zohoStateCode, zohoTaxFor } from './zoho-gst.ts';

const tax = (fields: Partial<ZohoTax> & Pick<ZohoTax, 'tax_id' | 'tax_percentage'>): ZohoTax => ({
  tax_name: fields.tax_id,
  tax_type: 'tax',
  tax_specific_type: null,
  is_active: true,
  ...fields,
});

const TAXES: ZohoTax[] = [
  tax({ tax_id: 'cgst9', tax_percentage: 9, tax_specific_type: 'cgst' }),
  tax({ tax_id: 'sgst9', tax_percentage: 9, tax_specific_type: 'sgst' }),
  tax({ tax_id: 'gst18', tax_percentage: 18, tax_type: 'tax_group' }),
  tax({ tax_id: 'igst18', tax_percentage: 18, tax_specific_type: 'igst' }),
  tax({ tax_id: 'gst5-old', tax_percentage: 5, tax_type: 'tax_group', is_active: false }),
  tax({ tax_id: 'igst0', tax_percentage: 0, tax_specific_type: 'igst' }),
];

const line = (fields: Record<string, unknown>) => ({
  product_name: 'Widget',
  sku: null,
  hsn: '8471',
  unit: 'pcs',
  quantity: 1,
  taxable_paise: 10000,
  gst_rate: 18,
  cess_rate: 0,
  gst_treatment: 'taxable',
  ...fields,
});

describe('Zoho GST mapping (pure)', () => {
  it('names the place of supply by Zoho’s state codes', () => {
    expect(zohoStateCode('27')).toBe('MH');
    expect(zohoStateCode('7')).toBe('DL');
    expect(zohoStateCode('37')).toBe('AD');
    expect(zohoStateCode('36')).toBe('TS');
    expect(zohoStateCode('21')).toBe('OD');
    expect(zohoStateCode('99')).toBeNull();
    expect(zohoStateCode(null)).toBeNull();
  });

  it('takes the group within a state and the IGST tax across states; never an inactive tax', () => {
    expect(zohoTaxFor(TAXES, 18, true)?.tax_id).toBe('gst18');
    expect(zohoTaxFor(TAXES, 18, false)?.tax_id).toBe('igst18');
    expect(zohoTaxFor(TAXES, 5, true)).toBeUndefined();
    expect(zohoTaxFor(TAXES, 0, false)?.tax_id).toBe('igst0');
  });

  it('works out Zoho’s line tax per component, rounded to the paisa', () => {
    // ₹100.20 at 5%: 2.505 + 2.505 rounded each = 5.02 within a state; 5.01 as IGST.
    expect(zohoLineTaxPaise(10020, 5, true)).toBe(502);
    expect(zohoLineTaxPaise(10020, 5, false)).toBe(501);
    expect(zohoLineTaxPaise(10020, 0, true)).toBe(0);
  });

  it('keeps only charges and round-off in the adjustment when every rate has a tax', () => {
    const lines = documentLines({
      lines: [line({}), line({ gst_rate: 0, gst_treatment: 'exempt', taxable_paise: 5000 })],
      // ₹100 + 18% + ₹50 exempt + ₹10 shipping.
      totalPaise: 11800 + 5000 + 1000,
      intraState: false,
      taxes: TAXES,
      documentNumber: 'INV-1',
    });
    expect(lines).toMatchObject({ taxed: true, note: null, adjustment: 10 });
    expect(lines.line_items.map((item) => item.tax_id)).toEqual(['igst18', undefined]);
  });

  it('falls back with the sentence naming every rate Zoho lacks', () => {
    const lines = documentLines({
      lines: [line({ gst_rate: 5 }), line({ gst_rate: 28 }), line({})],
      totalPaise: 35100,
      intraState: true,
      taxes: TAXES,
      documentNumber: 'INV-2',
    });
    expect(lines).toMatchObject({
      taxed: false,
      adjustment: 51,
      adjustment_description: 'GST, charges and round-off',
    });
    expect(lines.line_items.every((item) => item.tax_id === undefined)).toBe(true);
    expect(lines.note).toBe(
      'Zoho has no GST 5% or GST 28% tax group (CGST + SGST): GST sent as an adjustment on INV-2; add the tax group in Zoho Books.',
    );
    const cess = documentLines({
      lines: [line({ cess_rate: 12 })],
      totalPaise: 13000,
      intraState: false,
      taxes: TAXES,
      documentNumber: 'INV-3',
    });
    expect(cess).toMatchObject({ taxed: false, adjustment: 30 });
    expect(cess.note).toMatch(/^Cess is not mapped/);
    const unread = documentLines({
      lines: [line({})],
      totalPaise: 11800,
      intraState: false,
      taxes: { error: 'Zoho Books: You are not authorized' },
      documentNumber: 'INV-4',
    });
    expect(unread.note).toBe(
      "Zoho Books' taxes could not be read (Zoho Books: You are not authorized): GST sent as an adjustment on INV-4.",
    );
  });
});
