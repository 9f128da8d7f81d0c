/**
 * `/api/status` and `/api/health` (docs/interface.md, docs/decisions.md). Health makes a real round trip to each store with a
 * short timeout, so a hung database turns into a quick 503 instead of a hung probe.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config/config.js';
import { errorResponses, SuccessEnvelope, success } from '../http/envelope.js';
import { serviceUnavailable } from '../http/errors.js';
import { responseLanguage } from '../http/language.js';
import { operationDocs } from '../http/operation-docs.js';
import { LINK_COUNT_NAMES, type LinkCounts } from '../links/link-health-reads.js';
import type { HealthProbe } from '../shared/health-probe.js';

const API_VERSION = '2.2.1';
const SERVICE_NAME = 'dramadex';
const HEALTH_TIMEOUT_MS = 1500;

export interface SystemRoutesOptions {
  config: Config;
  features: string[];
  probes: HealthProbe[];
  /** `data.links` of `/api/status` (docs/link-health.md): catalogue links by verdict, never checked, hidden. */
  linkCounts?: () => Promise<LinkCounts>;
  /** `data.link_guards`: the providers whose breaker is open, and those paused now (docs/link-health.md, "Guards"). */
  linkGuards?: () => Promise<{ breakers_open: string[]; paused: string[] }>;
}

export const systemRoutes: FastifyPluginAsyncTypebox<SystemRoutesOptions> = async (
  app,
  { config, features, probes, linkCounts, linkGuards },
) => {
  const statusSchema = {
    ...operationDocs('system', { zh: '服务状态、版本与已开启的功能', en: 'Service status, version and enabled features' }),
    response: {
      200: SuccessEnvelope(
        Type.Object({
          service: Type.String(),
          version: Type.String(),
          status: Type.String(),
          environment: Type.String(),
          features: Type.Array(Type.String()),
          links: Type.Optional(
            Type.Object(Object.fromEntries(LINK_COUNT_NAMES.map((name) => [name, Type.Integer()])), {
              description: 'catalogue links by latest verdict, never checked (unchecked), and hidden (docs/link-health.md)',
            }),
          ),
          link_guards: Type.Optional(
            Type.Object(
              { breakers_open: Type.Array(Type.String()), paused: Type.Array(Type.String()) },
              { description: 'providers whose dead-rate breaker is open (their dead verdicts hide nothing), and providers paused now' },
            ),
          ),
        }),
      ),
      ...errorResponses,
    },
  };
  app.get('/api/status', { schema: statusSchema }, async (request) =>
    success({ zh: '服务运行正常', en: 'Service is running' }, responseLanguage(request.headers['accept-language'], config.language), {
      service: SERVICE_NAME,
      version: API_VERSION,
      status: 'running',
      environment: config.environment,
      features,
      // The counts need the store; a store that fails leaves them out rather than failing the status.
      ...(linkCounts
        ? await linkCounts().then(
            (links) => ({ links }),
            () => ({}),
          )
        : {}),
      ...(linkGuards
        ? await linkGuards().then(
            (guards) => ({ link_guards: guards }),
            () => ({}),
          )
        : {}),
    }),
  );

  const healthSchema = {
    ...operationDocs(
      'system',
      { zh: '健康检查（数据库、Redis）', en: 'Health check (database, Redis)' },
      {
        zh: '数据库不可用时为 503；Redis 不可用时为 200，`status` 为 `degraded`。',
        en: '503 when the database fails its check; 200 with `status` `degraded` when Redis does.',
      },
    ),
    response: {
      200: SuccessEnvelope(
        Type.Object({
          status: Type.String(),
          database: Type.String(),
          timestamp: Type.String({ format: 'date-time' }),
          checks: Type.Record(Type.String(), Type.String()),
        }),
      ),
      ...errorResponses,
    },
  };
  app.get('/api/health', { schema: healthSchema }, async (request) => {
    const results = await Promise.all(probes.map(async (probe) => ({ probe, state: await outcome(probe) })));
    const checks = Object.fromEntries(results.map(({ probe, state }) => [probe.name, state]));
    const failing = results.filter(({ state }) => state !== 'connected');
    const down = failing.some(({ probe }) => probe.critical !== false);
    const data = {
      status: down ? 'unhealthy' : failing.length > 0 ? 'degraded' : 'healthy',
      database: checks.database ?? 'connected',
      timestamp: new Date().toISOString(),
      checks,
    };
    if (down) {
      const names = failing.map(({ probe, state }) => `${probe.name}: ${state}`);
      throw serviceUnavailable({ zh: `依赖不可用：${names.join('，')}`, en: `Unavailable: ${names.join(', ')}` }, { data });
    }
    return success(
      { zh: '服务健康', en: 'Service is healthy' },
      responseLanguage(request.headers['accept-language'], config.language),
      data,
    );
  });
};

async function outcome(probe: HealthProbe): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), HEALTH_TIMEOUT_MS);
  });
  const check = probe.check().then(
    () => 'connected',
    () => 'disconnected',
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
