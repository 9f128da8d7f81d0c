/**
 * Builds the catalogue listener's Fastify instance (never listens: server.ts does, tests inject).
 * Order: infrastructure (request observation, errors, listener guards, OpenAPI collection, limits), then
 * feature routes: the JSON API under `/api/`, the API reference (`/docs`, `/openapi.json`) and, unless
 * WEB=off, the web page on the other paths (docs/web.md); the API on its limits, the rest on the page's budget;
 * unless ADMIN=off, the operator console under `/admin` on neither (docs/console.md); unless PANSOU_PATH=off,
 * the PanSou-compatible interface under its base, on its own budget (docs/pansou.md).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createConsole } from './admin/console.js';
import { consolePlugin, recordConsoleRoutes } from './admin/console-plugin.js';
import { PARAMETER_RULES } from './catalogue/query-params.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerCompression } from './http/compression.js';
import { registerCors } from './http/cors.js';
import { installErrorHandling } from './http/error-handler.js';
import { fastifyOptions, useNativeJsonSerializer } from './http/fastify-options.js';
import { guardListener } from './http/listener-guards.js';
import { CATALOGUE_API_DESCRIPTION, registerOpenApi } from './http/openapi.js';
import { isApiPath, isConsolePath, underPrefix } from './http/paths.js';
import { UNDECODABLE_ROUTE, undecodableRoute } from './http/request-target.js';
import { AddressSet, unboundedPeers } from './limits/address-set.js';
import { budgetUnmatched, pageBudgetPlugin } from './limits/page-budget-plugin.js';
import { limitsPlugin, limitUnmatched } from './limits/plugin.js';
import { LIMITS_NOTICE } from './limits/policy.js';
import { linkRoutes } from './links/routes.js';
import { observeRequests } from './observability/request-observer.js';
import { registerPansou } from './pansou/plugin.js';
import type { Services } from './services.js';
import { systemRoutes } from './system/routes.js';
import { createWebPage } from './web/web-page.js';

/** What the API's rules count when the page is on: its paths, and requests too broken to tell (stricter). */
const isApiRequest = (path: string) => isApiPath(path) || path === UNDECODABLE_ROUTE;

export interface CatalogueAppOptions {
  /** How long a console page waits for the store (tests of a hung store); admin/console.ts has the default. */
  consoleStoreDeadlineMs?: number;
}

export async function buildCatalogueApp(services: Services, options: CatalogueAppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify(fastifyOptions(config, services.log));
  useNativeJsonSerializer(app);
  recordConsoleRoutes(app);
  const linkHealth = config.links.enabled ? (links: string[]) => services.links.health.statuses(links) : undefined;
  const web = config.web.enabled
    ? createWebPage({ config, catalogue: services.catalogue, boards: services.rankings.boards, linkHealth })
    : undefined;
  const onNotFoundResponse = observeRequests(app, { listener: 'catalogue', metrics: services.metrics });
  const limits = services.limits;
  const budget = web ? limits?.pageBudget : undefined;
  // The console (ADMIN=on) spends neither the API's per-address limits nor the page's budget (docs/console.md).
  // The PanSou interface (PANSOU_PATH) counts its requests itself (docs/pansou.md), so neither does.
  const isPansou = config.pansou ? underPrefix(config.pansou.path) : () => false;
  const isConsole = config.admin.enabled ? (path: string) => isConsolePath(path) || isPansou(path) : isPansou;
  const apiCounts = (path: string) => !isConsole(path) && (web ? isApiRequest(path) : true);
  const notPage = (path: string) => isApiRequest(path) || isConsole(path);
  installErrorHandling(app, {
    defaultLanguage: config.language,
    describeParameter: (name) => PARAMETER_RULES[name],
    htmlPage: web?.errorPages,
    ...(onNotFoundResponse ? { onNotFoundResponse } : {}),
    // A path no route matched is counted too: by the API's rules or the page's budget, as a route would be.
    onNotFoundRequest: [
      ...(limits ? [limitUnmatched(limits.limits, apiCounts)] : []),
      ...(budget ? [budgetUnmatched(budget, notPage)] : []),
    ],
  });
  guardListener(app, { config, unbounded: unboundedPeers(config) });
  // Before the limits (a preflight is never counted) and before every route (each gets compression).
  await registerCors(app, config.corsOrigins);
  await registerCompression(app);
  const reference = {
    defaultLanguage: config.language,
    limits: limits
      ? LIMITS_NOTICE
      : { zh: '此实例未开启限额（RATE_LIMITS=off）。', en: 'This instance runs without limits (RATE_LIMITS=off).' },
    parameterRule: (name: string) => PARAMETER_RULES[name],
    linksHome: web !== undefined,
    pansouBase: config.pansou?.path,
  };
  await registerOpenApi(app, { title: 'dramadex catalogue', description: CATALOGUE_API_DESCRIPTION });
  // With WEB=off the catalogue limits count every request, so the reference is registered before them
  // (their hooks go only to routes added later) with a budget of its own, keyed on WEB_RATE_LIMIT.
  if (!web) await registerApiDocs(app, limits?.webBudget, reference);
  // Before the routes, so every route (the undecodable path's too) is counted: by the catalogue rules when
  // it is the API's (every route when the page is off), by the page's own budget otherwise.
  if (limits) await app.register(limitsPlugin, { limits: limits.limits, counts: apiCounts });
  if (budget && limits?.feedBudget) await app.register(pageBudgetPlugin, { budget, feeds: limits.feedBudget, isApi: notPage });
  // With the page on, the reference is one more page: the page's budget counts it (docs/decisions.md).
  if (web) await registerApiDocs(app, undefined, reference);
  await app.register(undecodableRoute);
  await app.register(catalogueRoutes, { config, catalogue: services.catalogue, fullDumps: services.fullDumps });
  const exempt = new AddressSet(config.exemptAddresses);
  await app.register(linkRoutes, {
    config,
    links: services.links,
    redis: services.redis,
    isExempt: (address) => exempt.has(address),
    reportPage: web?.reportPage,
  });
  await app.register(systemRoutes, {
    config,
    features: services.features,
    probes: services.probes,
    linkCounts: () => services.links.counts(),
    linkGuards: () => services.links.guardSummary(),
  });
  await registerPansou(app, { ...services, limits: services.limits?.limits });
  await web?.register(app);
  if (config.admin.enabled) {
    const admin = createConsole({ ...services, storeDeadlineMs: options.consoleStoreDeadlineMs });
    await app.register(consolePlugin, { prefix: '/admin', admin });
  }
  return app;
}
