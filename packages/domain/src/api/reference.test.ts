import { describe, expect, it } from 'vitest';
import { UNIT_MESSAGES, unitCreate } from './reference.ts';

const errors = (input: unknown) => {
  const result = unitCreate.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('unitCreate', () => {
  it('trims, stores the code and the UQC upper case', () => {
    expect(unitCreate.parse({ name: ' Tray of 30 ', code: ' tr30 ', uqc: 'nos' })).toEqual({
      name: 'Tray of 30',
      code: 'TR30',
      uqc: 'NOS',
    });
  });

  it('says what is wrong with each field, one sentence each', () => {
    expect(errors({ name: ' ', code: '', uqc: '' })).toEqual({
      name: UNIT_MESSAGES.name_required,
      code: UNIT_MESSAGES.code_required,
      uqc: UNIT_MESSAGES.uqc_required,
    });
    expect(errors({ name: 'Crate', code: 'CR-12', uqc: 'BOX' })).toEqual({ code: UNIT_MESSAGES.code_shape });
    expect(errors({ name: 'Crate', code: 'ABCDEFGHIJK', uqc: 'BOX' })).toEqual({
      code: UNIT_MESSAGES.code_shape,
    });
    // Only the GST Unique Quantity Codes: GSTR-1 and the e-invoice know no other.
    expect(errors({ name: 'Crate', code: 'CRT', uqc: 'CRT' })).toEqual({ uqc: UNIT_MESSAGES.uqc_required });
    expect(errors({ name: 'Crate', code: 'CRT', uqc: 'BOX', extra: 1 })).not.toEqual({});
  });
});
