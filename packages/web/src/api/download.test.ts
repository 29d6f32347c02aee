import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download';

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name, then the quoted one, then a bare one', () => {
    expect(dispositionFileName(`attachment; filename="caf_.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe(
      'café.csv',
    );
    expect(dispositionFileName('attachment; filename="sellers.csv"')).toBe('sellers.csv');
    expect(dispositionFileName('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(dispositionFileName(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A4%A.csv`)).toBe('x.csv');
    expect(dispositionFileName(null)).toBeNull();
    expect(dispositionFileName('inline')).toBeNull();
  });
});
