/**
 * Builds the catalogue listener's Fastify instance (never listens: server.ts does, tests inject).
 * Order: infrastructure (errors, limits), then feature routes, then OpenAPI.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { PARAMETER_RULES } from './catalogue/query-params.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { installErrorHandling } from './http/error-handler.js';
import { fastifyOptions } from './http/fastify-options.js';
import type { Services } from './services.js';
import { systemRoutes } from './system/routes.js';

export async function buildCatalogueApp(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify(fastifyOptions(config));
  installErrorHandling(app, { defaultLanguage: config.language, describeParameter: (name) => PARAMETER_RULES[name] });
  await app.register(catalogueRoutes, { config, catalogue: services.catalogue, fullDumps: services.fullDumps });
  await app.register(systemRoutes, { config, features: services.features, probes: services.probes });
  return app;
}
