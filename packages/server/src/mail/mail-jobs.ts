import type { Mailer, MailMessage } from '../core/ports/mailer.ts';
import type { Executor } from '../db/transaction.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

export const SEND_MAIL_JOB = 'mail.send';

/** Mail goes out through the job runner, so a failing SMTP server is retried with back-off. */
export function queueMail(jobs: JobRunner, message: MailMessage, tx?: Executor): Promise<void> {
  return jobs.send(SEND_MAIL_JOB, message, { tx });
}

export function registerMailWorker(jobs: JobRunner, mailer: Mailer): Promise<void> {
  return jobs.work<MailMessage>(SEND_MAIL_JOB, (message) => mailer.send(message));
}
