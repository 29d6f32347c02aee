import { describe, expect, it } from 'vitest';
import { contactCreate, contactListFilterInput } from './api/contacts.ts';
import {
  contactListRules,
  describeContactRule,
  guessContactMapping,
  isIndianMobile,
  normaliseIndianPhone,
  normaliseTags,
  readContactFile,
} from './contacts.ts';

describe('Indian mobile numbers', () => {
  it('takes 10 digits starting 6 to 9, with the ways people write them', () => {
    expect(normaliseIndianPhone('9876543210')).toBe('9876543210');
    expect(normaliseIndianPhone('+91 98765 43210')).toBe('9876543210');
    expect(normaliseIndianPhone('91-98765-43210')).toBe('9876543210');
    expect(normaliseIndianPhone('09876543210')).toBe('9876543210');
    expect(normaliseIndianPhone('(987) 654.3210')).toBe('9876543210');
  });

  it('refuses landlines, short numbers and letters', () => {
    expect(normaliseIndianPhone('5876543210')).toBeNull();
    expect(normaliseIndianPhone('987654321')).toBeNull();
    expect(normaliseIndianPhone('98765432100')).toBeNull();
    expect(normaliseIndianPhone('98765abcde')).toBeNull();
    expect(isIndianMobile('0987654321')).toBe(false);
  });
});

describe('contactCreate', () => {
  it('lowercases the e-mail, needs a phone or an e-mail, and checks both', () => {
    const ok = contactCreate.parse({ name: 'A', email: 'A@B.IN' });
    expect(ok.email).toBe('a@b.in');
    const none = contactCreate.safeParse({ name: 'A' });
    expect(none.success).toBe(false);
    const bad = contactCreate.safeParse({ name: 'A', email: 'a@', phone: '123' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'phone']);
  });

  it('keeps tags once, whatever their case', () => {
    expect(normaliseTags([' VIP ', 'vip', '', 'Diwali  2026'])).toEqual(['VIP', 'Diwali 2026']);
  });
});

describe('dynamic list filter -> rules', () => {
  it('makes one rule per part that is set, rupees into paise', () => {
    expect(
      contactListRules({
        tags: ['vip'],
        cities: [],
        state_ids: [27, 27],
        consent_medium: 'whatsapp',
        buyer_group_ids: [4],
        last_order_after: '2026-01-01',
        last_order_before: '2026-03-31',
        outstanding_above: 5000.5,
      }),
    ).toEqual([
      { kind: 'tag_any', tags: ['vip'] },
      { kind: 'state_in', stateIds: [27] },
      { kind: 'consented', medium: 'whatsapp' },
      { kind: 'buyer_group_in', groupIds: [4] },
      { kind: 'last_order_on_or_after', day: '2026-01-01' },
      { kind: 'last_order_on_or_before', day: '2026-03-31' },
      { kind: 'outstanding_above', paise: 500050 },
    ]);
    expect(contactListRules({})).toEqual([]);
  });

  it('reads a rule out and refuses dates the wrong way round', () => {
    expect(describeContactRule({ kind: 'outstanding_above', paise: 500050 })).toBe('Owes more than ₹5000.50');
    expect(describeContactRule({ kind: 'consented', medium: 'email' })).toBe(
      'Agreed to Email and not opted out',
    );
    const wrong = contactListFilterInput.safeParse({
      last_order_after: '2026-05-01',
      last_order_before: '2026-04-01',
    });
    expect(wrong.error?.issues[0].message).toMatch(/before/);
  });
});

describe('readContactFile', () => {
  const states = [{ id: 27, name: 'Maharashtra' }];

  it('guesses the mapping and reports every error of every row at once', () => {
    const text = [
      'Full Name,Mobile,E-mail,State,Consent SMS',
      'Asha,9876543210,asha@x.in,Maharashtra,yes',
      'Bad,123,bad,Atlantis,maybe',
      'Again,+91 98765 43210,,,',
    ].join('\n');
    const headers = text.split('\n')[0].split(',');
    const mapping = guessContactMapping(headers);
    expect(mapping).toEqual({
      name: 'Full Name',
      phone: 'Mobile',
      email: 'E-mail',
      state: 'State',
      consent_sms: 'Consent SMS',
    });
    const read = readContactFile(text, mapping, states);
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]).toMatchObject({
      name: 'Asha',
      phone: '9876543210',
      state_id: 27,
      consent: { sms: true },
    });
    expect(read.errors).toEqual([
      { row: 3, column: 'Mobile', message: expect.stringMatching(/10-digit/) },
      { row: 3, column: 'E-mail', message: 'Please enter a valid email address.' },
      { row: 3, column: 'State', message: 'No state with this name.' },
      { row: 3, column: 'Consent SMS', message: 'Use yes or no.' },
      { row: 4, column: 'Mobile', message: 'This phone number is already in row 2.' },
    ]);
  });

  it('needs name and a phone or e-mail column mapped', () => {
    const read = readContactFile('a,b\n1,2\n', { city: 'a' }, states);
    expect(read.errors.map((e) => e.message)).toEqual([
      'Map a column to Name.',
      'Map a column to Phone or E-mail.',
    ]);
  });
});
