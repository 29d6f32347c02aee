import { describe, expect, it } from 'vitest';
import { readSharedLinkToken, SHARED_LINK_DAYS, sharedLinkToken } from './shared-document-link.ts';

const SECRET = 'a-server-secret-of-at-least-32-characters!';
const NOW = Date.parse('2026-04-01T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('shared document links', () => {
  const { token, expiresAt } = sharedLinkToken({ kind: 'quotation', companyId: 7, id: 31 }, SECRET, NOW);

  it('names its document until it ends', () => {
    expect(expiresAt).toBe(new Date(NOW + SHARED_LINK_DAYS * DAY).toISOString());
    expect(readSharedLinkToken(token, 'quotation', SECRET, NOW + DAY)).toEqual({
      kind: 'quotation',
      companyId: 7,
      id: 31,
    });
    expect(readSharedLinkToken(token, 'quotation', SECRET, NOW + SHARED_LINK_DAYS * DAY)).toBeNull();
  });

  it('refuses another kind, another secret, and any change to what it names', () => {
    expect(readSharedLinkToken(token, 'sales_order', SECRET, NOW)).toBeNull();
    expect(readSharedLinkToken(token, 'quotation', `${SECRET}x`, NOW)).toBeNull();
    expect(readSharedLinkToken(token.replace('q.7.31.', 'q.7.32.'), 'quotation', SECRET, NOW)).toBeNull();
    expect(readSharedLinkToken(token.replace('q.7.', 'q.8.'), 'quotation', SECRET, NOW)).toBeNull();
    expect(readSharedLinkToken('31', 'quotation', SECRET, NOW)).toBeNull();
    expect(readSharedLinkToken(`${token}x`, 'quotation', SECRET, NOW)).toBeNull();
  });
});
