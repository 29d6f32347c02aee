import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE, logoFileProblem } from './company-logo-file';

describe('logoFileProblem', () => {
  it('accepts PNG, JPEG and WebP images up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(logoFileProblem({ type, size: LOGO_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other kinds of file', () => {
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe(LOGO_TYPE_MESSAGE);
    expect(logoFileProblem({ type: 'application/pdf', size: 10 })).toBe(LOGO_TYPE_MESSAGE);
    expect(logoFileProblem({ type: '', size: 10 })).toBe(LOGO_TYPE_MESSAGE);
  });

  it('refuses an image larger than 2 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe(LOGO_SIZE_MESSAGE);
  });
});
