/**
 * Each request's logger (`request.log`, `reply.log`): pino's child with the request id, made the first
 * time the request logs. Fastify makes a child per request, and making one (copying the parent, turning
 * the bindings into JSON) cost about 1 µs of a request that usually logs nothing: at LOG_LEVEL=info only
 * failures are logged (docs/operations.md). A line that is logged is the child's own, so it is the same.
 * The lazy child comes from the app logger's own `child` (`lazyRequestChildren`), not from Fastify's
 * `childLoggerFactory` option: with a factory of its own Fastify checks every child it returns for seven
 * methods, about 2,500 instructions a request (docs/deployment.md, "The request path").
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * The process logger as Fastify's `loggerInstance`. Fastify makes the app's logger from it once (a pino
 * child with its serializers); that logger's own children, one per request, are RequestLoggers. Each
 * layer is pino's own (`Object.create` of the logger, as pino's children are), with `child` replaced.
 */
export function lazyRequestChildren<L extends FastifyBaseLogger>(logger: L): L {
  const instance: L = Object.create(logger);
  instance.child = (bindings, options) => {
    const app = logger.child(bindings, options);
    const withLazyChildren: FastifyBaseLogger = Object.create(app);
    withLazyChildren.child = (requestBindings, requestOptions) => new RequestLogger(app, requestBindings, requestOptions);
    return withLazyChildren;
  };
  return instance;
}

export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    const logger = this.logger;
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}
