/**
 * A TCP proxy in front of the test PostgreSQL server, so a test can make "the database" die (every
 * connection reset, nothing listening on the port), hang (connections stay open, nothing answers) and come
 * back, without touching the real server other tests share. It also puts a TCP port from the OS (port 0,
 * held open) in front of a server that listens on a Unix socket only (the Redis outage suite's own Redis).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private hanging = false;
  port = 0;

  /** `targetPort` undefined: `target` is the path of a Unix socket. */
  constructor(
    private readonly target: string,
    private readonly targetPort?: number,
  ) {}

  /** Listens (again) on the same port as before, or on a free one the first time. */
  async start(): Promise<void> {
    this.hanging = false;
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
  }

  /** The server dies: every connection is reset and the port refuses new ones. */
  async kill(): Promise<void> {
    // A reset is TCP's; the Unix-socket side of a proxy to one is just closed.
    for (const socket of this.sockets) socket.remotePort === undefined ? socket.destroy() : socket.resetAndDestroy();
    this.sockets.clear();
    const server = this.server;
    this.server = undefined;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** The server hangs: connections stay open (new ones are accepted) but no byte goes through. */
  hang(): void {
    this.hanging = true;
  }

  /** Ends a hang; connections that hung are dropped (as a real server's would be after the stall). */
  resume(): void {
    this.hanging = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private accept(client: Socket): void {
    const upstream =
      this.targetPort === undefined ? createConnection({ path: this.target }) : createConnection(this.targetPort, this.target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => {
      if (!this.hanging) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!this.hanging) client.write(chunk);
    });
  }
}
