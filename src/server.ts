/**
 * Starts both listeners (catalogue on PORT, rankings on RANKING_PORT) over shared services, and the
 * metrics listener unless METRICS_PORT=off, and shuts down gracefully on SIGINT/SIGTERM: stop
 * accepting, finish in-flight requests, close the store.
 */
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from './app.js';
import type { Config } from './config.js';
import { buildMetricsApp } from './observability/metrics-app.js';
import { buildRankingApp } from './ranking/app.js';
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
  const services = await createServices(config);
  await beforeListen?.(services);
  const catalogueApp = await buildCatalogueApp(services);
  const rankingApp = await buildRankingApp(services);
  await catalogueApp.listen({ port: config.port, host: config.host });
  await rankingApp.listen({ port: config.rankingPort, host: config.host });
  const metricsApp = services.metrics && config.metrics ? buildMetricsApp(services.metrics, services.log) : undefined;
  if (metricsApp && config.metrics) await metricsApp.listen({ port: config.metrics.port, host: config.metrics.host });
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
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      services.log.info({ signal }, 'shutting down');
      void close().then(() => process.exit(0));
    });
  }
  return { services, catalogueApp, rankingApp, metricsApp, close };
}
