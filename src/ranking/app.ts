/** Builds the ranking listener's Fastify instance (spec 4.8, 4.9): its own address, its own routes. */
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandling } from '../http/error-handler.js';
import { fastifyOptions } from '../http/fastify-options.js';
import type { Services } from '../services.js';

export async function buildRankingApp(services: Services): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(services.config));
  installErrorHandling(app, { defaultLanguage: services.config.language });
  return app;
}
