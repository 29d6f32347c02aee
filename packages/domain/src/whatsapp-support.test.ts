import { describe, expect, it } from 'vitest';
import { displayWhatsappNumber, linkify, messagePreview, replyWindow } from './whatsapp-support.ts';

describe('linkify (spec 3: words starting with http(s):// or www. become links)', () => {
  it('leaves text without links as one piece of text', () => {
    expect(linkify('Namaste, is the 5 kg pack in stock?')).toEqual([
      { kind: 'text', text: 'Namaste, is the 5 kg pack in stock?' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('turns http, https and www words into links, www over https', () => {
    expect(linkify('Order at https://shop.example.in/p/42 or www.example.in today')).toEqual([
      { kind: 'text', text: 'Order at ' },
      { kind: 'link', text: 'https://shop.example.in/p/42', href: 'https://shop.example.in/p/42' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'www.example.in', href: 'https://www.example.in' },
      { kind: 'text', text: ' today' },
    ]);
    expect(linkify('http://a.in')).toEqual([{ kind: 'link', text: 'http://a.in', href: 'http://a.in' }]);
  });

  it('keeps sentence punctuation and brackets out of the link', () => {
    expect(linkify('See www.example.in. Thanks!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'www.example.in', href: 'https://www.example.in' },
      { kind: 'text', text: '. Thanks!' },
    ]);
    expect(linkify('(https://x.in/a?b=1),')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://x.in/a?b=1', href: 'https://x.in/a?b=1' },
      { kind: 'text', text: '),' },
    ]);
  });

  it('links only whole words: a scheme inside a word, a bare www. or https:// is text', () => {
    expect(linkify('foohttps://x.in')).toEqual([{ kind: 'text', text: 'foohttps://x.in' }]);
    expect(linkify('type www. then https:// please')).toEqual([
      { kind: 'text', text: 'type www. then https:// please' },
    ]);
    expect(linkify('javascript:alert(1) ftp://x.in')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.in' },
    ]);
  });

  it('finds links next to each other and on new lines, case-insensitively', () => {
    const segments = linkify('HTTPS://A.IN\nwww.b.in https://c.in');
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([
      'HTTPS://A.IN',
      'www.b.in',
      'https://c.in',
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('HTTPS://A.IN\nwww.b.in https://c.in');
  });
});

describe('replyWindow (24 hours after the customer’s last message)', () => {
  const now = new Date('2026-11-30T10:00:00Z');
  it('is open for 24 hours after the last incoming message, closed after', () => {
    expect(replyWindow('2026-11-29T10:00:01Z', now)).toEqual({
      open: true,
      closes_at: '2026-11-30T10:00:01.000Z',
    });
    expect(replyWindow(new Date('2026-11-29T10:00:00Z'), now)).toEqual({
      open: false,
      closes_at: '2026-11-30T10:00:00.000Z',
    });
  });
  it('is closed when the customer never wrote', () => {
    expect(replyWindow(null, now)).toEqual({ open: false, closes_at: null });
  });
});

describe('displayWhatsappNumber and messagePreview', () => {
  it('shows Indian numbers grouped, others with a plus', () => {
    expect(displayWhatsappNumber('919820012345')).toBe('+91 98200 12345');
    expect(displayWhatsappNumber('447911123456')).toBe('+447911123456');
  });
  it('keeps one line, cut with an ellipsis', () => {
    expect(messagePreview('Hello\n\nthere  friend')).toBe('Hello there friend');
    expect(messagePreview('a'.repeat(130), 10)).toBe('aaaaaaaaa…');
  });
});
