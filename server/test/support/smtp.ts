import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
}

/** A real SMTP listener on loopback that keeps every message it accepts. */
export class SmtpCapture {
  readonly mails: CapturedMail[] = [];
  #server: SMTPServer | undefined;
  #waiters: Array<() => void> = [];
  /** While true the server refuses every message (an SMTP outage). */
  refusing = false;
  port = 0;

  #create(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (this.refusing) {
            callback(Object.assign(new Error('Service unavailable'), { responseCode: 421 }));
            return;
          }
          const parsed = await simpleParser(Buffer.concat(chunks));
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
          });
          callback();
          for (const wake of this.#waiters.splice(0)) wake();
        });
      },
    });
  }

  /** Listens on a free port, or again on the same one after stop() (the SMTP server "restarts"). */
  async start(): Promise<string> {
    const server = this.#create();
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.#server = server;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Stops listening: connections are refused until start() (an SMTP outage). */
  stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** Waits for the next mail to an address matching a predicate (a deadline for failure only). */
  async waitFor(to: string, match: (mail: CapturedMail) => boolean = () => true, timeoutMs = 20_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.findLast((mail) => mail.to === to && match(mail));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no mail to ${to} within ${timeoutMs} ms (have: ${this.mails.map((m) => `${m.to}: ${m.subject}`).join('; ')})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  mailsTo(to: string): CapturedMail[] {
    return this.mails.filter((mail) => mail.to === to);
  }
}

/** The first link in a mail's text that starts with a base. */
export function linkIn(mail: CapturedMail, prefix: string): URL {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return new URL(link);
}
