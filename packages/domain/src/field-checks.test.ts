import { describe, expect, it } from 'vitest';
import { loginFieldErrors } from './field-checks.ts';
import { credentialSchema, loginPasswordSchema } from './validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('loginFieldErrors', () => {
  const usernames = [
    '',
    '   ',
    'asha@example.in',
    ' asha@example.in ',
    'asha@',
    '9876543210',
    '0876543210',
    '98765',
  ];
  const passwords = ['', ' ', 'x', 'Secret@123', 'a'.repeat(128), 'a'.repeat(129)];

  it('says what the sign-in schemas say, field by field', () => {
    for (const username of usernames) {
      for (const password of passwords) {
        expect(loginFieldErrors({ username, password })).toEqual({
          username: firstMessage(credentialSchema.safeParse(username)),
          password: firstMessage(loginPasswordSchema.safeParse(password)),
        });
      }
    }
  });
});
