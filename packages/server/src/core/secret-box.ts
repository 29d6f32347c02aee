import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets a company gives us for its providers (SMTP password, API tokens, private keys)
 * before they reach the database: AES-256-GCM under a key derived (HKDF-SHA256) from the server's
 * signing secret, a fresh 12-byte IV each time, 'v1.' + base64url(iv | tag | ciphertext). A
 * database dump alone does not reveal them when JWT_SECRET is kept outside the database
 * (production requires it). Changing JWT_SECRET makes sealed secrets unreadable: open() throws
 * and the user enters them again.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1.';

export function secretBoxFrom(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'b2b-secret-box', 'provider secrets v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('Not a sealed secret');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
