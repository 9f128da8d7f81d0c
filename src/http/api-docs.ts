/**
 * The API reference on each listener (docs/decisions.md, Operations): the OpenAPI 3.1 document at
 * `/openapi.json` and a readable page at `/docs` (Swagger UI, whose scripts and styles ship inside
 * @fastify/swagger-ui and are served from this process: no CDN, so the page works offline and leaks no
 * visitor to a third party). Both are under the web page's budget instead of the API limits (app.ts
 * registers them before the limits plugin, whose hooks go only to routes added after it), and neither
 * appears in the document itself.
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ApiError } from './errors.js';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

/** The budget the reference is counted against (limits/web-budget.ts): the 429 to answer, or undefined. */
export interface ReferenceBudget {
  check(ip: string): Promise<ApiError | undefined>;
}

/** Register after the OpenAPI collector (@fastify/swagger). `budget` is undefined when RATE_LIMITS=off. */
export async function registerApiDocs(app: FastifyInstance, budget: ReferenceBudget | undefined): Promise<void> {
  const onRequest = budget ? budgetHook(budget) : undefined;
  const hooks = onRequest ? { onRequest } : {};
  app.get(OPENAPI_PATH, { schema: { hide: true }, ...hooks }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    ...(onRequest ? { uiHooks: { onRequest } } : {}),
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}

function budgetHook(budget: ReferenceBudget): onRequestHookHandler {
  return (request, _reply, done) => {
    // The page's scripts and styles are not counted (docs/decisions.md, Web page): one visit is one request.
    if (request.url.startsWith(`${DOCS_PREFIX}/static/`)) return done();
    budget.check(request.ip).then((refusal) => done(refusal), done);
  };
}
