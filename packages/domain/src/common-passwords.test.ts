import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCommonPassword, normalisePassword } from './common-passwords.ts';
import {
  containsPersonalInfo,
  loginPasswordSchema,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  passwordSchema,
  personalPasswordCheck,
} from './validation.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('common passwords', () => {
  it('normalises case and the digits and symbols around a word', () => {
    expect(normalisePassword('Password@123')).toBe('password');
    expect(normalisePassword('@1Welcome!')).toBe('welcome');
    expect(normalisePassword('Pa55word')).toBe('pa55word');
  });

  it('knows the usual suspects, decorated or not, and leaves the rest', () => {
    for (const common of ['Password@123', 'Welcome@1', 'Qwerty@123', 'Admin@2024', 'Secret@123', 'iloveyou'])
      expect(isCommonPassword(common), common).toBe(true);
    for (const fine of ['Demo@1234', 'Quiet-Harbour@42', 'Mango#Tractor7'])
      expect(isCommonPassword(fine), fine).toBe(false);
  });
});

describe('passwordSchema', () => {
  it('refuses common passwords even when they have the required shape', () => {
    expect(firstMessage(passwordSchema, 'Password@123')).toBe(MESSAGES.password_common);
    expect(firstMessage(passwordSchema, 'Welcome@1')).toBe(MESSAGES.password_common);
    expect(firstMessage(passwordSchema, 'Quiet-Harbour@42')).toBeUndefined();
    // The demo company's published password stays valid.
    expect(firstMessage(passwordSchema, 'Demo@1234')).toBeUndefined();
  });

  it('has one upper limit, the same one the login form takes', () => {
    const longest = `Aa1@${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`;
    expect(firstMessage(passwordSchema, longest)).toBeUndefined();
    expect(firstMessage(loginPasswordSchema, longest)).toBeUndefined();
    expect(firstMessage(passwordSchema, `${longest}y`)).toBe(MESSAGES.password_too_long);
    expect(firstMessage(loginPasswordSchema, `${longest}y`)).toBe(MESSAGES.password_too_long);
  });
});

describe('personal information in a password', () => {
  const owner = { email: 'ravi.kumar@example.in', first_name: 'Anita', last_name: 'Rao' };

  it('finds the e-mail local part and names of 3 or more characters, in any case', () => {
    expect(containsPersonalInfo('Ravi.Kumar#2026', owner)).toBe(true);
    expect(containsPersonalInfo('xKUMARx#2026', owner)).toBe(true);
    expect(containsPersonalInfo('I-am-anita-77', owner)).toBe(true);
    expect(containsPersonalInfo('Rao#Bridge-88', owner)).toBe(true);
    expect(containsPersonalInfo('Quiet-Harbour@42', owner)).toBe(false);
    // Names shorter than 3 characters are too short to mean anything.
    expect(containsPersonalInfo('Quiet-Harbour@42', { first_name: 'Q', last_name: 'Ha' })).toBe(false);
  });

  it('passwordProblem reports the first broken rule, personal last', () => {
    expect(passwordProblem('short', owner)).toBe(MESSAGES.password);
    expect(passwordProblem('Password@123', owner)).toBe(MESSAGES.password_common);
    expect(passwordProblem('Anita#Bridge-88', owner)).toBe(MESSAGES.password_personal);
    expect(passwordProblem('Quiet-Harbour@42', owner)).toBeUndefined();
  });

  it('personalPasswordCheck puts the message on the password field of a form', () => {
    const form = z
      .object({ email: z.string(), first_name: z.string(), last_name: z.string(), password: passwordSchema })
      .check(personalPasswordCheck('password'));
    const result = form.safeParse({ ...owner, password: 'Anita#Bridge-88' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: MESSAGES.password_personal,
    });
    expect(form.safeParse({ ...owner, password: 'Quiet-Harbour@42' }).success).toBe(true);
  });
});
