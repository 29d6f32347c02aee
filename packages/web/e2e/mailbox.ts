import fs from 'node:fs';
import path from 'node:path';

export const MAIL_SPOOL_ENV = 'B2B_E2E_MAIL_SPOOL';

/** Waits for the newest OTP mailed to `email` (read from the SMTP server's spool folder). */
export async function otpFor(
  email: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const spool = process.env[MAIL_SPOOL_ENV];
  if (!spool) throw new Error('The mail spool is not set up (global-setup.ts).');
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const suffix = `-${email.toLowerCase()}.eml`;
  while (Date.now() < deadline) {
    const files = fs
      .readdirSync(spool)
      .filter((f) => f.endsWith(suffix) && Number(f.split('-')[0]) >= (options.after ?? 0))
      .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
    const newest = files.at(-1);
    const code = newest
      ? /OTP is (\d{6})/.exec(fs.readFileSync(path.join(spool, newest), 'utf8'))?.[1]
      : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No OTP mail reached ${email}`);
}

/** Waits for the newest mail to `email` whose text matches `pattern`, and answers its raw text. */
export async function mailTo(
  email: string,
  pattern: RegExp,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const spool = process.env[MAIL_SPOOL_ENV];
  if (!spool) throw new Error('The mail spool is not set up (global-setup.ts).');
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const suffix = `-${email.toLowerCase()}.eml`;
  while (Date.now() < deadline) {
    const found = fs
      .readdirSync(spool)
      .filter((f) => f.endsWith(suffix) && Number(f.split('-')[0]) >= (options.after ?? 0))
      .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]))
      .map((f) => fs.readFileSync(path.join(spool, f), 'utf8'))
      .find((text) => pattern.test(text));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail matching ${pattern} reached ${email}`);
}
