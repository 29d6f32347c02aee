import { describe, expect, it } from 'vitest';
import {
  computeGstinCheckChar,
  gstinKind,
  gstinMatchesState,
  gstinPan,
  gstinStateCode,
  isGstinStateCode,
  isValidGstin,
} from './gstin.ts';

/** GSTINs published as valid by independent sources, not built with our own check function. */
const KNOWN_VALID = [
  '27AAPFU0939F1ZV', // the example most GST guides cite
  '27AAACR5055K1Z7', // Reliance Industries Ltd, Maharashtra
  '24AAQCA8719H1ZC', // test company GSTIN of the india-compliance ERPNext app, Gujarat
  '27AAQCA8719H1Z6', // the same PAN registered in Maharashtra
  '29AAACI1195H1ZI',
];

describe('computeGstinCheckChar', () => {
  it('agrees with independently published GSTINs', () => {
    for (const gstin of KNOWN_VALID) {
      expect(computeGstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
    }
  });

  it('computes the Luhn mod 36 character', () => {
    expect(computeGstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(computeGstinCheckChar('27aapfu0939f1z')).toBe('V');
    expect(computeGstinCheckChar('29ABCDE1234F1Z')).toBe('W');
    expect(computeGstinCheckChar('07AAACB2230M1Z')).toBe('Y');
  });

  it('rejects bodies of the wrong length or alphabet', () => {
    expect(() => computeGstinCheckChar('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => computeGstinCheckChar('27AAPFU0939F1*')).toThrow(RangeError);
  });
});

describe('isValidGstin', () => {
  it('accepts known valid GSTINs', () => {
    for (const gstin of KNOWN_VALID) expect(isValidGstin(gstin)).toBe(true);
  });

  it('accepts numbers built with the check function for every GST state code', () => {
    const codes = ['01', '07', '09', '24', '27', '29', '33', '36', '37', '38', '97', '99'];
    for (const code of codes) {
      const body = `${code}AABCT1332L1Z`;
      expect(isValidGstin(body + computeGstinCheckChar(body))).toBe(true);
    }
  });

  it('ignores case and surrounding spaces', () => {
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAACR5055K1Z0')).toBe(false);
    expect(isValidGstin('29ABCDE1234F1Z5')).toBe(false); // a placeholder that is often mistaken for a real one
    // a single changed character anywhere breaks the check
    expect(isValidGstin('27AAPFU0938F1ZV')).toBe(false);
    expect(isValidGstin('72AAPFU0939F1ZV')).toBe(false);
  });

  it('rejects a bad shape even with a matching check character', () => {
    const withCheck = (body: string) => body + computeGstinCheckChar(body);
    expect(isValidGstin(withCheck('00AAPFU0939F1Z'))).toBe(false); // state code 00
    expect(isValidGstin(withCheck('39AAPFU0939F1Z'))).toBe(false); // state code 39
    expect(isValidGstin(withCheck('27AAPF10939F1Z'))).toBe(false); // digit inside the PAN letters
    expect(isValidGstin(withCheck('27AAPFU0939F0Z'))).toBe(false); // entity number 0
    expect(isValidGstin(withCheck('27AAPFU0939F1Y'))).toBe(false); // neither Z, C nor D
  });

  it('rejects wrong lengths and non-strings', () => {
    expect(isValidGstin('')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZVV')).toBe(false);
    expect(isValidGstin(undefined as unknown as string)).toBe(false);
  });
});

describe('gstinKind', () => {
  const withCheck = (body: string) => body + computeGstinCheckChar(body);

  it('names the registration format', () => {
    expect(gstinKind('27AAPFU0939F1ZV')).toBe('regular');
    expect(gstinKind(withCheck('29AABCF8078M1C'))).toBe('tcs');
    expect(gstinKind(withCheck('07DELA12345B1D'))).toBe('tds');
    expect(gstinKind(withCheck('0717UNO00157UN'))).toBe('uin');
    expect(gstinKind(withCheck('0717USA00001NR'))).toBe('nrtp');
    expect(gstinKind(withCheck('9917SGP29001OS'))).toBe('oidar');
  });

  it('returns null for an invalid number', () => {
    expect(gstinKind('27AAPFU0939F1ZW')).toBeNull();
    expect(gstinKind(withCheck('2717SGP29001OS'))).toBeNull(); // OIDAR is centre jurisdiction only
  });
});

describe('gstinStateCode and gstinPan', () => {
  it('extracts the state code and PAN of a valid GSTIN', () => {
    expect(gstinStateCode('27AAPFU0939F1ZV')).toBe('27');
    expect(gstinStateCode('24aaqca8719h1zc')).toBe('24');
    expect(gstinPan('27AAACR5055K1Z7')).toBe('AAACR5055K');
  });

  it('returns null for an invalid GSTIN', () => {
    expect(gstinStateCode('27AAPFU0939F1ZW')).toBeNull();
    expect(gstinPan('bad')).toBeNull();
  });

  it('knows the GST state codes', () => {
    expect(isGstinStateCode('01')).toBe(true);
    expect(isGstinStateCode('38')).toBe(true);
    expect(isGstinStateCode('97')).toBe(true);
    expect(isGstinStateCode('99')).toBe(true);
    expect(isGstinStateCode('00')).toBe(false);
    expect(isGstinStateCode('39')).toBe(false);
    expect(isGstinStateCode('98')).toBe(false);
    expect(isGstinStateCode('7')).toBe(false);
  });
});

describe('gstinMatchesState', () => {
  it('compares the first two digits with the state code of the address', () => {
    expect(gstinMatchesState('27AAPFU0939F1ZV', '27')).toBe(true);
    expect(gstinMatchesState('27AAPFU0939F1ZV', '29')).toBe(false);
    expect(gstinMatchesState(' 27aapfu0939f1zv ', '27')).toBe(true);
  });

  it('leaves invalid numbers to the GSTIN check itself', () => {
    expect(gstinMatchesState('27AAPFU0939F1ZX', '29')).toBe(true);
  });
});
