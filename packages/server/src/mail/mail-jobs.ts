import type { Mailer, MailMessage } from '../core/ports/mailer.ts';
import type { Executor } from '../db/transaction.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

export const SEND_MAIL_JOB = 'mail.send';

/** A queued mail; `companyId` puts its failure in that company's Logs and Errors. */
type MailJob = MailMessage & { companyId?: number };

/**
 * Mail goes out through the job runner, so a failing SMTP server is retried with back-off. Give
 * `companyId` only for a mail the company's admins may see failed (its recipient and subject are
 * listed there): never a one-time code or a security alert meant for one person's mailbox alone.
 */
export function queueMail(
  jobs: JobRunner,
  message: MailMessage,
  options: { tx?: Executor; companyId?: number } = {},
): Promise<void> {
  const job: MailJob =
    options.companyId === undefined ? message : { ...message, companyId: options.companyId };
  return jobs.send(SEND_MAIL_JOB, job, { tx: options.tx });
}

export function registerMailWorker(jobs: JobRunner, mailer: Mailer): Promise<void> {
  return jobs.work<MailJob>(SEND_MAIL_JOB, ({ companyId: _company, ...message }) => mailer.send(message));
}
