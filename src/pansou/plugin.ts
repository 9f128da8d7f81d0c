/**
 * Builds the PanSou-compatible interface from the long-lived services and registers it under
 * PANSOU_PATH (docs/pansou.md): the catalogue's search, the link queue and the store's verdicts, the
 * sources' channels, and the limits' counters and keys. Nothing here is kept apart from what the
 * catalogue interface uses, so the two dialects cannot disagree.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Config } from '../config/config.js';
import { AddressSet } from '../limits/address-set.js';
import type { Limits } from '../limits/limits.js';
import type { LinkServices } from '../links/link-services.js';
import type { RedisLink } from '../redis/redis-link.js';
import { SourceStore } from '../sources/source-store.js';
import type { Database } from '../store/database.js';
import { EntrySources } from './entry-sources.js';
import { LinkChecks } from './link-checks.js';
import { PansouLimits } from './pansou-limits.js';
import { PansouSearch } from './pansou-search.js';
import { pansouRoutes } from './routes.js';
import { ZoneOffsets } from './zone-offsets.js';

/** The long-lived services the interface reads (services.ts builds them). */
export interface PansouParts {
  config: Config;
  catalogue: Catalogue;
  database: Database;
  redis: RedisLink | undefined;
  /** The catalogue's limits (their counters, keys and blacklist); undefined when RATE_LIMITS=off. */
  limits: Limits | undefined;
  links: Pick<LinkServices, 'queue' | 'scheduler'>;
}

export async function registerPansou(app: FastifyInstance, services: PansouParts): Promise<void> {
  const { config, catalogue } = services;
  if (!config.pansou) return;
  const base = config.pansou.path;
  const sources = new SourceStore(services.database);
  const entrySources = new EntrySources(services.database, catalogue);
  const limits = services.limits
    ? new PansouLimits({
        limits: services.limits,
        exempt: new AddressSet(config.exemptAddresses),
        keyPrefix: config.limits.redisKeyPrefix,
        link: services.redis,
        requireKey: config.pansou.requireKey,
      })
    : undefined;
  await app.register(pansouRoutes, {
    prefix: base,
    config,
    base,
    catalogue,
    search: new PansouSearch(catalogue, new ZoneOffsets(config.catalogueTimeZone), (links) => entrySources.of(links)),
    checks: new LinkChecks(services.database, services.links.queue, () => services.links.scheduler?.poke()),
    channels: async () => (await sources.list()).flatMap((source) => (source.kind === 'telegram' ? [source.settings.channel] : [])),
    limits,
  });
}
