/**
 * The process's one connection to Redis, made once by the composition root (services.ts) and handed to
 * every user of Redis: the catalogue limits, the ranking token limit and failed-attempt throttle, the
 * WeChat replay guard. One link means one log line per outage, one health check and one fallback switch
 * for all of them. It is set up so that Redis trouble never holds a request: no offline queue (a command
 * while disconnected fails at once), a short command timeout, no re-sending of commands after a
 * reconnect, endless reconnection in the background. The link keeps the one bit its users branch on — is
 * Redis usable right now — and says so loudly in the log when it changes: it turns "down" on the first
 * failure (a connection error, a closed socket, a command that failed or timed out) and "up" again only
 * when a PING gets through, probed once a second while down.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../observability/logger.js';
import type { HealthProbe } from '../shared/health-probe.js';

export type RedisLog = Pick<Logger, 'error' | 'warn' | 'info'>;

const PROBE_MS = 1000;
const REMINDER_MS = 60_000;

const CONNECT_WAIT_MS = 2000;

export interface RedisLinkOptions {
  commandTimeoutMs: number;
}

/** Emits `down` when its users switch to memory and `up` when they share state through Redis again. */
export class RedisLink extends EventEmitter<{ up: []; down: [] }> {
  readonly client: Redis;
  private log: RedisLog | undefined;
  private downSince: number | undefined;
  private lastReminder = 0;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(url: string, options: RedisLinkOptions) {
    super();
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: Math.max(1000, options.commandTimeoutMs * 4),
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // Reconnect for ever, at most a second apart, so the users recover by themselves.
      retryStrategy: (attempt) => Math.min(attempt * 100, PROBE_MS),
      lazyConnect: true,
    });
    this.client.on('error', (error: Error) => this.markDown(error));
    this.client.on('close', () => this.markDown(new Error('connection closed')));
    this.client.on('ready', () => void this.tryRecover());
  }

  /** A connected link (or one marked down: starting with Redis down is allowed, its users fall back). */
  static async open(url: string, options: RedisLinkOptions, log: RedisLog): Promise<RedisLink> {
    const link = new RedisLink(url, options);
    link.attachLog(log);
    await link.connect(CONNECT_WAIT_MS);
    return link;
  }

  /** Connects, waiting at most `timeoutMs`; starting with Redis down is allowed (the users fall back). */
  async connect(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([this.client.connect().catch((error: Error) => this.markDown(error)), timeout]);
    clearTimeout(timer);
    if (this.client.status !== 'ready') this.markDown(new Error(`not connected within ${timeoutMs} ms`));
  }

  /** Whether users should ask Redis (true) or decide on this instance's memory (false). */
  get up(): boolean {
    return this.downSince === undefined && this.client.status === 'ready';
  }

  /** Where the link's log lines go; an outage that began before is reported at once. */
  attachLog(log: RedisLog): void {
    this.log = log;
    if (this.downSince !== undefined) this.announceDown(new Error('Redis was unreachable at start-up'));
  }

  /** Called on any failed Redis operation, including timeouts the client does not report as events. */
  markDown(error: Error): void {
    if (this.closed) return;
    if (this.downSince === undefined) {
      this.downSince = Date.now();
      this.announceDown(error);
      this.emit('down');
    } else if (Date.now() - this.lastReminder >= REMINDER_MS) {
      this.lastReminder = Date.now();
      this.log?.error(
        { err: error, downSeconds: Math.round((Date.now() - this.downSince) / 1000) },
        'Redis is still unreachable: limits and replay checks are still per instance',
      );
    }
    this.probe ??= setInterval(() => void this.tryRecover(), PROBE_MS);
    this.probe.unref();
  }

  /** A real round trip, for the health check. */
  async ping(): Promise<void> {
    await this.client.ping();
  }

  /** `checks.redis` of `/api/health`: not critical, since every user of Redis falls back to memory. */
  healthProbe(): HealthProbe {
    return { name: 'redis', check: () => this.ping(), critical: false };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.probe) clearInterval(this.probe);
    this.client.disconnect();
  }

  private announceDown(error: Error): void {
    this.lastReminder = Date.now();
    this.log?.error(
      { err: error },
      'Redis unreachable: limits and replay checks now decide on this instance’s memory alone (each instance allows an address its own quota) until Redis answers again',
    );
  }

  private async tryRecover(): Promise<void> {
    if (this.downSince === undefined || this.closed || this.client.status !== 'ready') return;
    try {
      await this.client.ping();
    } catch {
      return; // swallow-ok: still down, which markDown reported and keeps reminding of
    }
    const outageSeconds = Math.round((Date.now() - this.downSince) / 1000);
    this.downSince = undefined;
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
    this.log?.warn({ outageSeconds }, 'Redis reachable again: limits and replay checks are shared across instances again');
    this.emit('up');
  }
}
