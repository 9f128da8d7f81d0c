/**
 * The API reference on each listener (docs/decisions.md, Operations): the OpenAPI 3.1 document at
 * `/openapi.json` and a readable page at `/docs` (api-reference/reference-page.ts: rendered here from
 * that document, in Chinese or English, in the site's look, with its stylesheet served by this process:
 * no CDN and no script, so the page works offline and on a phone, and leaks no visitor to a third
 * party). Both are under the web page's budget instead of the API limits (app.ts registers them before
 * the limits plugin, whose hooks go only to routes added after it), and neither appears in the document.
 */
import { createHash } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Language } from '../config/config.js';
import { type ReferenceDocument, type ReferencePageOptions, renderReferencePage } from './api-reference/reference-page.js';
import { REFERENCE_CSS } from './api-reference/reference-style.js';
import type { ApiError } from './errors.js';
import { responseLanguage } from './language.js';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';
const STYLESHEET = `${DOCS_PREFIX}/static/reference.${createHash('sha256').update(REFERENCE_CSS).digest('hex').slice(0, 12)}.css`;
/** The web page's language cookie (web/page-language.ts): a visitor's choice there holds here too. */
const LANGUAGE_COOKIE = 'lang';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-cache',
  vary: 'Accept-Language, Cookie',
};

/** The budget the reference is counted against (limits/web-budget.ts): the 429 to answer, or undefined. */
export interface ReferenceBudget {
  check(ip: string): Promise<ApiError | undefined>;
}

export interface ApiDocsOptions extends Omit<ReferencePageOptions, 'stylesheet'> {
  defaultLanguage: Language;
}

/** Register after the OpenAPI collector (@fastify/swagger). `budget` is undefined when RATE_LIMITS=off. */
export async function registerApiDocs(app: FastifyInstance, budget: ReferenceBudget | undefined, options: ApiDocsOptions): Promise<void> {
  const onRequest = budget ? budgetHook(budget) : undefined;
  const hooks = onRequest ? { onRequest } : {};
  const hide = { schema: { hide: true } };
  app.get(OPENAPI_PATH, { ...hide, ...hooks }, async () => app.swagger());
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = pageLanguage(request, options.defaultLanguage);
    const origin = `${request.protocol}://${request.host}`;
    const html = renderReferencePage(app.swagger() as unknown as ReferenceDocument, language, origin, {
      ...options,
      stylesheet: STYLESHEET,
    });
    return reply.headers({ ...PAGE_HEADERS, 'content-language': language === 'zh' ? 'zh-CN' : 'en' }).send(html);
  };
  app.get(DOCS_PREFIX, { ...hide, ...hooks }, page);
  // The file name carries its hash, so it never changes under a name and may be kept for a year.
  app.get(STYLESHEET, hide, async (_request, reply) =>
    reply
      .headers({
        'content-type': 'text/css; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      })
      .send(REFERENCE_CSS),
  );
}

/** `?lang=` (the page's own switch), else the site's cookie, else Accept-Language, else the default. */
function pageLanguage(request: FastifyRequest, fallback: Language): Language {
  const asked = (request.query as { lang?: unknown }).lang;
  if (asked === 'zh' || asked === 'en') return asked;
  const chosen = request.headers.cookie ? parseCookie(request.headers.cookie)[LANGUAGE_COOKIE] : undefined;
  if (chosen === 'zh' || chosen === 'en') return chosen;
  return responseLanguage(request.headers['accept-language'], fallback);
}

function budgetHook(budget: ReferenceBudget): onRequestHookHandler {
  return (request, _reply, done) => {
    budget.check(request.ip).then((refusal) => done(refusal), done);
  };
}
