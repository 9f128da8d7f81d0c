/**
 * Starts both listeners (catalogue on PORT, rankings on RANKING_PORT) over shared services, and shuts
 * down gracefully on SIGINT/SIGTERM: stop accepting, finish in-flight requests, close the store.
 */
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from './app.js';
import type { Config } from './config.js';
import { buildRankingApp } from './ranking/app.js';
import { createServices, type Services } from './services.js';
import { oneLineReason, StartupError } from './startup-error.js';

export interface RunningServer {
  services: Services;
  catalogueApp: FastifyInstance;
  rankingApp: FastifyInstance;
  close(): Promise<void>;
}

export async function startServer(config: Config, beforeListen?: (services: Services) => Promise<void>): Promise<RunningServer> {
  const services = await createServices(config);
  await beforeListen?.(services);
  const catalogueApp = await buildCatalogueApp(services);
  const rankingApp = await buildRankingApp(services);
  try {
    await listenOn(catalogueApp, config.host, config.port, 'PORT');
    await listenOn(rankingApp, config.host, config.rankingPort, 'RANKING_PORT');
  } catch (error) {
    await Promise.all([catalogueApp.close(), rankingApp.close()]);
    await services.close();
    throw error;
  }
  catalogueApp.log.info(
    { catalogue: catalogueApp.server.address(), ranking: rankingApp.server.address(), entries: services.catalogue.size },
    'dramadex is serving',
  );
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await Promise.all([catalogueApp.close(), rankingApp.close()]);
      await services.close();
    })();
    return closing;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      catalogueApp.log.info({ signal }, 'shutting down');
      void close().then(() => process.exit(0));
    });
  }
  return { services, catalogueApp, rankingApp, close };
}

async function listenOn(app: FastifyInstance, host: string, port: number, setting: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EACCES' ? 'permission denied' : oneLineReason(error);
    throw new StartupError(`cannot listen on ${host}:${port} (${setting}): ${reason}`, { cause: error });
  }
}
