import { describe, expect, it } from 'vitest';
import {
  effectiveLedgerMappings,
  effectiveVoucherTypes,
  TALLY_LEDGER_PURPOSES,
  TALLY_VOUCHER_KINDS,
} from './tally.ts';
import { isTallyName } from './validation.ts';

describe('Tally voucher kinds and ledger purposes', () => {
  it('are unique and their default names pass the Tally name rule', () => {
    const kinds = TALLY_VOUCHER_KINDS.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual(expect.arrayContaining(['sales', 'purchase', 'receipt', 'payment', 'credit_note']));
    for (const kind of TALLY_VOUCHER_KINDS) expect(isTallyName(kind.defaultName)).toBe(true);
    const purposes = TALLY_LEDGER_PURPOSES.map((p) => p.purpose);
    expect(new Set(purposes).size).toBe(purposes.length);
    expect(purposes).toEqual(
      expect.arrayContaining(['output_cgst', 'output_sgst', 'output_igst', 'input_cgst', 'round_off']),
    );
  });

  it('fills unnamed voucher kinds with Tally defaults and unmapped ledgers with null', () => {
    const voucherTypes = effectiveVoucherTypes({ sales: 'Sales GST', purchase: '  ', unknown: 'x' });
    expect(voucherTypes.sales).toBe('Sales GST');
    expect(voucherTypes.purchase).toBe('Purchase');
    expect(voucherTypes.credit_note).toBe('Credit Note');
    expect(Object.keys(voucherTypes)).toHaveLength(TALLY_VOUCHER_KINDS.length);
    const ledgers = effectiveLedgerMappings({ output_cgst: 'Output CGST 9%' });
    expect(ledgers.output_cgst).toBe('Output CGST 9%');
    expect(ledgers.round_off).toBeNull();
    expect(Object.keys(effectiveLedgerMappings(null))).toHaveLength(TALLY_LEDGER_PURPOSES.length);
  });
});
