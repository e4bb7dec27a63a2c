import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { OutboxMail } from '../db/schema.ts';
import { addMs, type Clock, iso } from '../lib/clock.ts';
import { PollingWorker, retryDelayMs } from '../lib/polling-worker.ts';
import type { Secrets } from '../lib/secrets.ts';
import { claimMail, deleteMail, findDueMails, markFailed, markSent } from './outbox.repository.ts';

/**
 * Mails to an account that no longer exists: erased from the outbox as soon as they are sent,
 * except where the development mailbox is the delivery (it would otherwise never show them).
 */
const eraseAfterSending: ReadonlySet<string> = new Set(['account_deleted']);

export interface MailSender {
  send(mail: OutboxMail): Promise<void>;
  /** True when nothing leaves the machine and /dev/mailbox shows the mail: its body stays (sealed). */
  keepsBody?: boolean;
}

/** "a***@example.com": enough to follow a mail in the logs without spreading addresses. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

export function createMailSender(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'devMailbox'>,
  log: FastifyBaseLogger,
): MailSender {
  if (!config.smtpUrl) {
    // No SMTP: in development the mail stays readable at /dev/mailbox; elsewhere it goes nowhere
    // and the log says so. The log never prints a body, which holds sign-in links.
    return {
      keepsBody: config.devMailbox,
      async send(mail) {
        const where = { mailId: mail.id, to: maskAddress(mail.to_address), kind: mail.kind };
        if (config.devMailbox)
          log.info(
            where,
            `mail kept for the development mailbox: ${config.publicUrl}/dev/mailbox (the link with its key was printed at start)`,
          );
        else log.warn(where, 'mail not delivered: SMTP_URL is not set');
      },
    };
  }
  const url = new URL(config.smtpUrl);
  const transport = createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        messageId: `<${mail.id}@gatehouse>`,
      });
    },
  };
}

const claimMs = 60_000;

export class OutboxWorker extends PollingWorker {
  readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; sender: MailSender; pollMs: number; secrets: Secrets };
  protected readonly pollMs: number;

  constructor(deps: OutboxWorker['deps']) {
    super();
    this.deps = deps;
    this.pollMs = deps.pollMs;
  }

  protected async drain(): Promise<void> {
    const { db, clock, log, sender, secrets } = this.deps;
    try {
      for (;;) {
        const now = clock.now();
        const due = await findDueMails(db, iso(now), 20);
        if (due.length === 0) return;
        for (const mail of due) {
          if (!(await claimMail(db, mail.id, iso(now), iso(addMs(now, claimMs))))) continue;
          try {
            await sender.send({ ...mail, text_body: secrets.open(mail.text_body), html_body: secrets.open(mail.html_body) });
            if (eraseAfterSending.has(mail.kind) && !sender.keepsBody) await deleteMail(db, mail.id);
            else await markSent(db, mail.id, iso(clock.now()), sender.keepsBody);
          } catch (error) {
            const attempts = mail.attempts + 1;
            const message = error instanceof Error ? error.message : String(error);
            log.warn({ mailId: mail.id, attempts, err: message }, 'mail delivery failed; will retry');
            await markFailed(db, mail.id, attempts, iso(addMs(clock.now(), retryDelayMs(attempts))), message);
          }
        }
        if (due.length < 20) return;
      }
    } catch (error) {
      log.error({ err: error }, 'outbox worker failed');
    }
  }
}
