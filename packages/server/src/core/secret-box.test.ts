import { describe, expect, it } from 'vitest';
import { secretBoxFrom } from './secret-box.ts';

describe('secret box', () => {
  it('opens what it sealed, never seals the same text twice the same way, and refuses another key or a change', () => {
    const box = secretBoxFrom('a server secret of enough length for the test');
    const first = box.seal('smtp-password-123');
    const second = box.seal('smtp-password-123');
    expect(first).not.toBe(second);
    expect(first).not.toContain('smtp-password');
    expect(box.open(first)).toBe('smtp-password-123');
    expect(box.open(second)).toBe('smtp-password-123');
    expect(() => secretBoxFrom('another server secret entirely').open(first)).toThrow();
    // One character changed (the one before the last, which always carries bits of the tag).
    const tampered = `${first.slice(0, -2)}${first.at(-2) === 'A' ? 'B' : 'A'}${first.slice(-1)}`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
