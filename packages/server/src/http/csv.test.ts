import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvDocument, csvField, fileSlug } from './csv.ts';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('5" pipe')).toBe('"5"" pipe"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('writes numbers as they are and empty for null', () => {
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('keeps formula-like text as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+91')).toBe("'+91");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
  });
});

describe('csvDocument', () => {
  it('has a byte-order mark, the header and CRLF line ends', () => {
    expect(
      csvDocument(
        ['Name', 'Price'],
        [
          ['Tea, green', 10],
          ['Café', 2.5],
        ],
      ),
    ).toBe('\uFEFFName,Price\r\n"Tea, green",10\r\nCafé,2.5\r\n');
  });
});

describe('attachmentDisposition and fileSlug', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('a "b".csv')).toBe(
      `attachment; filename="a _b_.csv"; filename*=UTF-8''a%20%22b%22.csv`,
    );
    expect(attachmentDisposition('₹.csv')).toContain("filename*=UTF-8''%E2%82%B9.csv");
    expect(fileSlug('  Shree Traders & Co. ')).toBe('shree-traders-co');
    expect(fileSlug('₹₹')).toBe('export');
  });
});
