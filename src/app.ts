/**
 * Builds the catalogue listener's Fastify instance (never listens: server.ts does, tests inject).
 * Order: infrastructure (errors, listener guards, OpenAPI collection, limits), then feature routes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { PARAMETER_RULES } from './catalogue/query-params.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { installErrorHandling } from './http/error-handler.js';
import { fastifyOptions, useNativeJsonSerializer } from './http/fastify-options.js';
import { guardListener } from './http/listener-guards.js';
import { CATALOGUE_API_DESCRIPTION, registerOpenApi } from './http/openapi.js';
import { undecodableRoute } from './http/request-target.js';
import { unboundedPeers } from './limits/address-set.js';
import { limitsPlugin } from './limits/plugin.js';
import type { Services } from './services.js';
import { systemRoutes } from './system/routes.js';

export async function buildCatalogueApp(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify(fastifyOptions(config));
  useNativeJsonSerializer(app);
  installErrorHandling(app, { defaultLanguage: config.language, describeParameter: (name) => PARAMETER_RULES[name] });
  guardListener(app, { config, unbounded: unboundedPeers(config) });
  await registerOpenApi(app, { title: 'dramadex catalogue', description: CATALOGUE_API_DESCRIPTION });
  // Before the routes, so every catalogue request (the 404 and undecodable paths too) is limited.
  if (services.limits) await app.register(limitsPlugin, { limits: services.limits.limits });
  await app.register(undecodableRoute);
  await app.register(catalogueRoutes, { config, catalogue: services.catalogue, fullDumps: services.fullDumps });
  await app.register(systemRoutes, { config, features: services.features, probes: services.probes });
  return app;
}
