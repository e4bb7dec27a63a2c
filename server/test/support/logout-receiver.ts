import { createServer, type Server } from 'node:http';

/** An app's back-channel logout endpoint on 127.0.0.1: keeps the logout tokens it is sent. */
export class Receiver {
  readonly tokens: string[] = [];
  #server: Server | undefined;
  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }
  get url() {
    return `http://127.0.0.1:${this.port}/backchannel-logout`;
  }
  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const token = new URLSearchParams(body).get('logout_token');
        if (token) this.tokens.push(token);
        response.writeHead(token ? 200 : 400).end();
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(this.port, '127.0.0.1', resolve));
  }
  async stop(): Promise<void> {
    await new Promise((resolve) => this.#server?.close(resolve));
    this.#server = undefined;
  }
}
