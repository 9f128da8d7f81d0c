/**
 * Builds the ranking listener's Fastify instance (spec 4.8, 4.9, 5): its own address, only the ranking
 * routes (behind bearer tokens) and, when configured, the WeChat channel that hands the tokens out.
 * Never listens: server.ts does, tests inject.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandling } from '../http/error-handler.js';
import { fastifyOptions, useNativeJsonSerializer } from '../http/fastify-options.js';
import { guardListener } from '../http/listener-guards.js';
import { undecodableRoute } from '../http/request-target.js';
import { unboundedPeers } from '../limits/address-set.js';
import type { Services } from '../services.js';
import { registerRankingOpenApi } from './openapi.js';
import { parameterRules } from './query-params.js';
import { rankingRoutes } from './routes.js';
import { wechatRoutes } from './wechat/routes.js';

export async function buildRankingApp(services: Services): Promise<FastifyInstance> {
  const { config, rankings } = services;
  const app = Fastify(fastifyOptions(config));
  useNativeJsonSerializer(app);
  const rules = parameterRules(config.ranking.hitMax);
  installErrorHandling(app, { defaultLanguage: config.language, describeParameter: (name) => rules[name] });
  guardListener(app, { config, unbounded: unboundedPeers(config) });
  await registerRankingOpenApi(app, config.ranking);
  await app.register(undecodableRoute);
  await app.register(rankingRoutes, { config, rankings });
  if (rankings.channel) await app.register(wechatRoutes, { channel: rankings.channel });
  return app;
}
