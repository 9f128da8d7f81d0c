/**
 * Starts both listeners (catalogue on PORT, rankings on RANKING_PORT) over shared services, and the
 * metrics listener unless METRICS_PORT=off, and shuts down gracefully on SIGINT/SIGTERM: stop
 * accepting, finish in-flight requests, close the store. A request that never finishes (a stuck client,
 * a stalled store) cannot hold the process: after SHUTDOWN_GRACE_SECONDS it exits with status 1, so a
 * process manager's restart or a rolling deploy is never blocked (close-with-grace keeps the deadline).
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from './app.js';
import { buildRankingApp } from './boards-app.js';
import { oneLineReason, StartupError } from './boot/startup-error.js';
import type { Config } from './config/config.js';
import { buildMetricsApp } from './observability/metrics-app.js';
import { createServices, type Services } from './services.js';

export interface RunningServer {
  services: Services;
  catalogueApp: FastifyInstance;
  rankingApp: FastifyInstance;
  /** Undefined when METRICS_PORT=off. */
  metricsApp: FastifyInstance | undefined;
  close(): Promise<void>;
}

export async function startServer(config: Config, beforeListen?: (services: Services) => Promise<void>): Promise<RunningServer> {
  // The apps are built while the search worker builds its index (the catalogue's thread waits for it
  // otherwise); listening starts once search is ready too (docs/deployment.md, "Start-up and reload").
  const services = await createServices(config, { untilSearchReady: false });
  // Everything after the services is inside the `try`: an app that cannot be built (a template folder
  // missing from what ships) closes the search worker and the store, so the process exits with one line
  // instead of sitting up without listening (docs/deployment.md, "Start-up failures").
  let catalogueApp: FastifyInstance | undefined;
  let rankingApp: FastifyInstance | undefined;
  let metricsApp: FastifyInstance | undefined;
  try {
    catalogueApp = await buildCatalogueApp(services);
    rankingApp = await buildRankingApp(services);
    metricsApp = services.metrics && config.metrics ? buildMetricsApp(services.metrics, services.log) : undefined;
    await Promise.all([catalogueApp.ready(), rankingApp.ready(), metricsApp?.ready()]); // their plugins load now
    await services.catalogue.ready();
    await beforeListen?.(services);
    await listenOn(catalogueApp, config.host, config.port, 'PORT');
    await listenOn(rankingApp, config.host, config.rankingPort, 'RANKING_PORT');
    if (metricsApp && config.metrics) await listenOn(metricsApp, config.metrics.host, config.metrics.port, 'METRICS_PORT');
    // Serving first; then link checks (a no-op unless LINK_CHECK=on), after the demo data (never checked) is in.
    services.links.start();
  } catch (error) {
    await Promise.all([catalogueApp?.close(), rankingApp?.close(), metricsApp?.close()]);
    await services.close();
    throw error instanceof StartupError ? error : new StartupError(`cannot start: ${oneLineReason(error)}`, { cause: error });
  }
  services.log.info(
    {
      catalogue: catalogueApp.server.address(),
      ranking: rankingApp.server.address(),
      metrics: metricsApp?.server.address() ?? 'off',
      entries: services.catalogue.size,
    },
    'dramadex is serving',
  );
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await Promise.all([catalogueApp.close(), rankingApp.close(), metricsApp?.close()]);
      await services.close();
    })();
    return closing;
  };
  const log = services.log;
  closeWithGrace(
    {
      delay: config.shutdownGraceSeconds * 1000,
      skip: UNHANDLED_EVENTS,
      logger: { error: (error: unknown) => log.error({ err: error }, 'shutdown failed') },
      onTimeout: (delay) => log.error({ graceMs: delay }, 'requests still open at the shutdown deadline: exiting anyway'),
      onSecondSignal: (signal) => log.warn({ signal }, 'second signal while shutting down: exiting now'),
    },
    async ({ signal }) => {
      log.info({ signal }, 'shutting down');
      await close();
    },
  );
  return { services, catalogueApp, rankingApp, metricsApp, close };
}

/** Only SIGINT and SIGTERM shut down; other signals and uncaught errors keep Node's own behaviour. */
const UNHANDLED_EVENTS: closeWithGrace.AllEvents[] = [
  ...(['SIGHUP', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGSEGV', 'SIGUSR2'] as const),
  ...(['uncaughtException', 'unhandledRejection', 'beforeExit'] as const),
];

async function listenOn(app: FastifyInstance, host: string, port: number, setting: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EACCES' ? 'permission denied' : oneLineReason(error);
    throw new StartupError(`cannot listen on ${host}:${port} (${setting}): ${reason}`, { cause: error });
  }
}
