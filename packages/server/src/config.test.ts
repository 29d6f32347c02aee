import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig: JWT_SECRET', () => {
  it('lets a trial run without it (the key is then kept in the database)', () => {
    expect(readConfig({}).jwtSecret).toBeUndefined();
    expect(readConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it('refuses production without it, or with a short one, with a sentence saying what to set', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is not set/);
    expect(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: '' })).toThrow(/JWT_SECRET is not set/);
    expect(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32/);
    const secret = 'x'.repeat(40);
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });
});

describe('readConfig: TRUST_PROXY', () => {
  it('trusts no proxy unless told, then all or the listed addresses', () => {
    expect(readConfig({}).trustProxy).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
