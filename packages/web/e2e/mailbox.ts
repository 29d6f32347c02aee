import fs from 'node:fs';
import path from 'node:path';

export const MAIL_SPOOL_ENV = 'B2B_E2E_MAIL_SPOOL';

/**
 * Waits until `find` answers something from the mails to `email` received after `after` (read
 * from the SMTP server's spool folder), newest first.
 */
async function waitForMail<T>(
  email: string,
  find: (newestFirst: string[]) => T | undefined,
  options: { after?: number; timeoutMs?: number },
  what: string,
): Promise<T> {
  const spool = process.env[MAIL_SPOOL_ENV];
  if (!spool) throw new Error('The mail spool is not set up (global-setup.ts).');
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const suffix = `-${email.toLowerCase()}.eml`;
  while (Date.now() < deadline) {
    const texts = fs
      .readdirSync(spool)
      .filter((f) => f.endsWith(suffix) && Number(f.split('-')[0]) >= (options.after ?? 0))
      .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]))
      .map((f) => fs.readFileSync(path.join(spool, f), 'utf8'));
    const found = find(texts);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${what} reached ${email}`);
}

/** Waits for the newest OTP mailed to `email`. */
export function otpFor(email: string, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  return waitForMail(
    email,
    (texts) => (texts[0] === undefined ? undefined : /OTP is (\d{6})/.exec(texts[0])?.[1]),
    options,
    'OTP mail',
  );
}

/** Waits for the newest mail to `email` whose text matches `pattern`, and answers its raw text. */
export function mailTo(
  email: string,
  pattern: RegExp,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  return waitForMail(
    email,
    (texts) => texts.find((text) => pattern.test(text)),
    options,
    `mail matching ${pattern}`,
  );
}
