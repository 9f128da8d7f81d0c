/**
 * Builds the ranking listener's Fastify instance (docs/interface.md, "Ranking endpoints"): its own address, only the ranking
 * routes (behind bearer tokens) and, when configured, the WeChat channel that hands the tokens out.
 * Never listens: server.ts does, tests inject.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { rankingLimitsNotice, registerRankingOpenApi } from './boards/openapi.js';
import { parameterRules } from './boards/query-params.js';
import { rankingRoutes } from './boards/routes.js';
import { wechatRoutes } from './boards/wechat/routes.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerCompression } from './http/compression.js';
import { installErrorHandling } from './http/error-handler.js';
import { fastifyOptions, useNativeJsonSerializer } from './http/fastify-options.js';
import { guardListener } from './http/listener-guards.js';
import { undecodableRoute } from './http/request-target.js';
import { unboundedPeers } from './limits/address-set.js';
import { observeRequests } from './observability/request-observer.js';
import type { Services } from './services.js';

export async function buildRankingApp(services: Services): Promise<FastifyInstance> {
  const { config, rankings } = services;
  const app = Fastify(fastifyOptions(config, services.log));
  useNativeJsonSerializer(app);
  const onNotFoundResponse = observeRequests(app, { listener: 'ranking', metrics: services.metrics });
  const rules = parameterRules(config.ranking.hitMax);
  installErrorHandling(app, {
    defaultLanguage: config.language,
    describeParameter: (name) => rules[name],
    ...(onNotFoundResponse ? { onNotFoundResponse } : {}),
  });
  guardListener(app, { config, unbounded: unboundedPeers(config) });
  await registerCompression(app);
  await registerRankingOpenApi(app, config.ranking);
  await registerApiDocs(app, services.limits?.webBudget, {
    defaultLanguage: config.language,
    limits: rankingLimitsNotice(config.ranking),
    parameterRule: (name) => rules[name],
    linksHome: false,
  });
  await app.register(undecodableRoute);
  await app.register(rankingRoutes, { config, rankings });
  if (rankings.channel) await app.register(wechatRoutes, { channel: rankings.channel, outcomes: rankings.wechatOutcomes });
  return app;
}
