/**
 * Browser pages on other origins calling the catalogue API (CORS_ORIGINS, @fastify/cors): unset sends no
 * CORS header at all; `*` or a list of origins answers their preflights (`OPTIONS`, 204) and marks the
 * answers readable by them. The headers a client needs are allowed (`X-API-Key`, `If-None-Match`,
 * `Accept-Language`) and exposed (`ETag`, `Retry-After`, the RateLimit pair); the preflight of
`POST /api/link-reports` answers `POST` and `Content-Type` (a JSON body). Registered before the
 * limits, so a preflight is never counted: a browser sends one before a request with `X-API-Key`.
 */
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { LINK_REPORTS_PATH } from './paths.js';

export async function registerCors(app: FastifyInstance, origins: string[] | '*' | undefined): Promise<void> {
  if (origins === undefined) return;
  const reading: FastifyCorsOptions = {
    origin: origins,
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['X-API-Key', 'If-None-Match', 'Accept-Language'],
    exposedHeaders: ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
    maxAge: 600,
  };
  // The one route that takes a body (a JSON report): its preflight allows POST and Content-Type too.
  const reporting: FastifyCorsOptions = {
    ...reading,
    methods: ['POST'],
    allowedHeaders: [...(reading.allowedHeaders as string[]), 'Content-Type'],
  };
  await app.register(cors, {
    delegator: (request, callback) => callback(null, request.url.split('?')[0] === LINK_REPORTS_PATH ? reporting : reading),
  });
}
