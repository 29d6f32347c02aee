import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  raw: string;
}

/** Recipients at this domain are refused by the capture server (550), so their mail job fails. */
export const REFUSED_DOMAIN = 'refused.test';

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailCapture() {
  const messages: CapturedMail[] = [];
  // Settled when the next message arrives, so a waiting test looks again at once rather than polling.
  let announceArrival = () => {};
  let nextArrival = new Promise<void>((resolve) => {
    announceArrival = resolve;
  });
  const arrived = () => {
    announceArrival();
    nextArrival = new Promise<void>((resolve) => {
      announceArrival = resolve;
    });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The reverse DNS lookup of each connecting client costs about 100 ms per mail here.
    disableReverseLookup: true,
    // A mailbox that does not exist, as a real server refuses it: a mail job that fails.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`))
        return callback(Object.assign(new Error('550 5.1.1 No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        for (const rcpt of session.envelope.rcptTo)
          messages.push({ to: rcpt.address.toLowerCase(), subject, raw });
        arrived();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the newest OTP mailed to `email` after `since` messages were already there. */
    async otpFor(email: string, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      const target = email.toLowerCase();
      while (Date.now() < deadline) {
        const mine = messages.slice(options.after ?? 0).filter((m) => m.to === target);
        const code = mine.length ? /OTP is (\d{6})/.exec(mine[mine.length - 1].subject)?.[1] : undefined;
        if (code) return code;
        await Promise.race([nextArrival, new Promise((r) => setTimeout(r, 100))]);
      }
      throw new Error(`No OTP mail reached ${email}`);
    },
    countFor: (email: string) => messages.filter((m) => m.to === email.toLowerCase()).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
