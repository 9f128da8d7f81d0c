/**
 * The metrics listener: `GET /metrics` in the Prometheus text format and nothing else, on its own
 * address (METRICS_HOST, METRICS_PORT), never on the public catalogue or ranking port, so scraping
 * needs no exemption from the limits and the numbers are not published to the world. A scrape every few
 * seconds is routine, so it is logged as API requests are: one line at debug level, none at info.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

export function buildMetricsApp(metrics: Metrics, log: Logger): FastifyInstance {
  const app = Fastify({
    loggerInstance: log.child({ listener: 'metrics' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.scrape()));
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, path: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      'metrics request',
    );
  });
  return app;
}
