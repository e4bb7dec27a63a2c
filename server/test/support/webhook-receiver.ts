import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { cliActor } from '../../src/features/operators/operator-audit.ts';

/** Who registers the tests' endpoints, and why (each change is an operator's audited action). */
export const testChange = { actor: cliActor(), reason: 'Registered by the test' };

export interface ReceivedEvent {
  id: string;
  type: string;
  timestamp: string;
  // biome-ignore lint/suspicious/noExplicitAny: the data of any event in the registry
  data: Record<string, any>;
}

type Answer = { status: number; headers?: Record<string, string> };

/**
 * The monitoring backend's webhook endpoint on 127.0.0.1: every request is verified with the
 * `standardwebhooks` package (the oracle, as any receiver would use it); `events` keeps the
 * verified ones it answered 2xx, `calls` every request with its webhook-id and the answer given.
 */
export class WebhookReceiver {
  readonly events: ReceivedEvent[] = [];
  readonly calls: Array<{ id: string; type: string; status: number }> = [];
  /** Requests whose signature did not verify. */
  readonly refused: string[] = [];
  answer: (event: ReceivedEvent) => Answer = () => ({ status: 200 });
  #secrets: string[];
  #server: Server | undefined;
  #port = 0;

  constructor(...secrets: string[]) {
    this.#secrets = secrets;
  }

  /** Verifies with these secrets only (one of them must match). */
  useSecrets(...secrets: string[]): void {
    this.#secrets = secrets;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hooks`;
  }

  async start(port = 0): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
        let event: ReceivedEvent | undefined;
        for (const secret of this.#secrets) {
          try {
            const payload = new Webhook(secret).verify(body, headers) as Omit<ReceivedEvent, 'id'>;
            event = { id: headers['webhook-id'] ?? '', ...payload };
            break;
          } catch {}
        }
        if (!event) {
          this.refused.push(body);
          response.writeHead(401).end();
          return;
        }
        const answer = this.answer(event);
        this.calls.push({ id: event.id, type: event.type, status: answer.status });
        if (answer.status >= 200 && answer.status < 300) this.events.push(event);
        response.writeHead(answer.status, answer.headers).end();
      });
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
    this.#server = undefined;
  }

  of(type: string, accountId?: string): ReceivedEvent[] {
    return this.events.filter((event) => event.type === type && (accountId === undefined || event.data.accountId === accountId));
  }
}
