/**
 * Watches every answered request of one listener: its latency into the request histogram, labelled
 * by the route pattern (never the raw URL, which would make a label per page and keyword), and, when
 * LOG_LEVEL is `debug` or finer, one log line with route, status, time and client address. Each route
 * gets its own `onResponse` hook with its labels bound when the route is added, so the request path
 * does one Map lookup by status code; unmatched paths are observed through the 404 handler's hook.
 * Why not every request logs at `info`: an access line per request cost a third of the throughput
 * (docs/operations.md); a proxy in front usually keeps access logs already.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { NO_TIMING, type Timing } from './instruments.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

export type ListenerName = 'catalogue' | 'ranking';

export interface RequestObserverOptions {
  listener: ListenerName;
  metrics: Metrics | undefined;
}

/** The route label of paths that match no route. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Call before any route is added. Returns the hook for the 404 handler (installErrorHandling's
 * `onNotFoundResponse`), or undefined when there is nothing to observe.
 */
export function observeRequests(app: FastifyInstance, { listener, metrics }: RequestObserverOptions): onResponseHookHandler | undefined {
  const logRequests = (app.log as Logger).isLevelEnabled('debug');
  if (!metrics && !logRequests) return undefined;
  const observer = (route: string, method: string | undefined) => {
    const byStatus = new Map<number, Timing>();
    const child = (request: FastifyRequest, status: number) => {
      const cached = method === undefined ? undefined : byStatus.get(status);
      if (cached) return cached;
      const made = metrics?.requestDuration.child(listener, route, method ?? request.method, String(status)) ?? NO_TIMING;
      if (method !== undefined) byStatus.set(status, made);
      return made;
    };
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      child(request, status).observe(ms / 1000);
      if (logRequests) {
        request.log.debug({ route, method: request.method, status, ms: Math.round(ms * 1000) / 1000, address: request.ip }, 'request');
      }
      done();
    };
  };
  app.addHook('onRoute', (route) => {
    const method = typeof route.method === 'string' ? route.method : undefined;
    const hook = observer(route.url, method);
    const existing = route.onResponse;
    route.onResponse = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
  return observer(UNMATCHED_ROUTE, undefined) as onResponseHookHandler;
}
