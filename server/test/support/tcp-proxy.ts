import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on loopback in front of a real service (PostgreSQL, Redis), which a test can take
 * down (every connection cut, the port closed) and bring back on the same port: the service
 * "crashes" and "restarts" without touching the shared instance behind it.
 */
export class TcpProxy {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  port = 0;
  /** Most client connections open at once since start. */
  peak = 0;

  constructor(targetPort: number, targetHost = '127.0.0.1') {
    this.#target = { host: targetHost, port: targetPort };
  }

  get open(): number {
    return [...this.#sockets].filter((socket) => socket.remotePort !== this.#target.port).length;
  }

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.#target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      this.peak = Math.max(this.peak, this.open);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.#server = server;
  }

  /** Cuts every connection and stops listening. */
  async down(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
