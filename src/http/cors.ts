/**
 * Browser pages on other origins calling the catalogue API (CORS_ORIGINS, @fastify/cors): unset sends no
 * CORS header at all; `*` or a list of origins answers their preflights (`OPTIONS`, 204) and marks the
 * answers readable by them. The methods are GET, HEAD and POST (a report, `POST /api/link-reports`); the
 * headers a client needs are allowed (`X-API-Key`, `Authorization`, `If-None-Match`, `Accept-Language`, `Content-Type`) and exposed (`ETag`, `Retry-After`, the RateLimit pair). Registered before the
 * limits, so a preflight is never counted: a browser sends one before a request with `X-API-Key`.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export async function registerCors(app: FastifyInstance, origins: string[] | '*' | undefined): Promise<void> {
  if (origins === undefined) return;
  await app.register(cors, {
    origin: origins,
    // POST for the one POST route (POST /api/link-reports), whose JSON body needs Content-Type allowed.
    methods: ['GET', 'HEAD', 'POST'],
    // Authorization: PanSou clients send their key as a Bearer token (docs/pansou.md).
    allowedHeaders: ['X-API-Key', 'Authorization', 'If-None-Match', 'Accept-Language', 'Content-Type'],
    exposedHeaders: ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
    maxAge: 600,
  });
}
