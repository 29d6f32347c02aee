import { describe, expect, it } from 'vitest';
import {
  documentShareText,
  QUOTATION_VALIDITY_DAYS,
  quotationValidUntil,
  whatsappNumber,
  whatsappShareUri,
} from './document-sharing.ts';

describe('whatsappNumber', () => {
  it('puts 91 before a 10-digit Indian mobile number', () => {
    expect(whatsappNumber('9876543210')).toBe('919876543210');
    expect(whatsappNumber('98765 43210')).toBe('919876543210');
  });

  it('keeps the 10 digits after +91, 91 or 0', () => {
    expect(whatsappNumber('+91 98765-43210')).toBe('919876543210');
    expect(whatsappNumber('919876543210')).toBe('919876543210');
    expect(whatsappNumber('09876543210')).toBe('919876543210');
  });

  it('refuses what no WhatsApp chat has: no number, a landline, a short or foreign number', () => {
    expect(whatsappNumber(null)).toBeNull();
    expect(whatsappNumber('')).toBeNull();
    expect(whatsappNumber('0202612345')).toBeNull();
    expect(whatsappNumber('98765')).toBeNull();
    expect(whatsappNumber('+44 7911 123456')).toBeNull();
  });
});

describe('documentShareText and whatsappShareUri', () => {
  const text = documentShareText({
    kind: 'quotation',
    number: 'QT-00012',
    total: 123456.5,
    buyerName: 'Shree Traders',
    sellerName: 'Pune Distributors',
  });

  it('names the document, its number, the amount and the seller', () => {
    expect(text).toBe('Dear Shree Traders,\nQuotation QT-00012 for ₹1,23,456.50 from Pune Distributors.');
    expect(
      documentShareText({
        kind: 'sales_order',
        number: 'SO-7',
        total: 10,
        buyerName: 'A & B',
        sellerName: 'S',
        pdfUrl: 'https://example.in/q.pdf',
      }),
    ).toBe('Dear A & B,\nSales Order SO-7 for ₹10.00 from S.\nPDF: https://example.in/q.pdf');
  });

  it('addresses the buyer on wa.me with the text encoded', () => {
    const uri = whatsappShareUri({ phone: '9876543210', text: 'Quotation Q/1 & more\nnext' });
    expect(uri).toBe('https://wa.me/919876543210?text=Quotation%20Q%2F1%20%26%20more%0Anext');
    const textOf = (link: string) => decodeURIComponent(link.split('?text=')[1] ?? '');
    expect(textOf(uri)).toBe('Quotation Q/1 & more\nnext');
    expect(textOf(whatsappShareUri({ phone: '9876543210', text }))).toBe(text);
  });

  it('leaves the chat to the user when the buyer has no mobile number', () => {
    expect(whatsappShareUri({ phone: null, text: 'hi' })).toBe('https://wa.me/?text=hi');
  });
});

describe('quotationValidUntil', () => {
  it('counts the validity from the quotation date, across months and years', () => {
    expect(QUOTATION_VALIDITY_DAYS).toBe(15);
    expect(quotationValidUntil('2026-04-01')).toBe('2026-04-16');
    expect(quotationValidUntil('2026-12-25')).toBe('2027-01-09');
    expect(quotationValidUntil('2028-02-20T10:00:00Z')).toBe('2028-03-06');
  });
});
