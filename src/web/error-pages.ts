/**
 * Errors as pages (docs/web.md, "Unknown pages and errors"): a browser (`Accept` prefers `text/html`)
 * outside `/api/` gets the error as an HTML page in its language, with the same status and headers
 * (`Retry-After` on a 429); every other client, and every path under `/api/`, keeps the JSON envelope.
 * The central error handler (http/error-handler.ts) calls this; the errors come from the catalogue.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import type { Language } from '../config/config.js';
import type { ApiError } from '../http/errors.js';
import { isApiPath, LINK_REPORTS_PATH } from '../http/paths.js';
import { PAGE_HEADERS } from './page-headers.js';
import { pageLanguage, returnPath } from './page-language.js';
import type { PageTemplates } from './templates.js';

const negotiator = new Negotiator({ supportedValues: ['application/json', 'text/html'] });

/** Whether the client would rather read HTML than JSON (a browser's `text/html,…,*\/*;q=0.8`). */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && negotiator.negotiate(accept) === 'text/html';
}

export function errorPages(templates: PageTemplates, defaultLanguage: Language) {
  return (error: ApiError, request: FastifyRequest): { body: string; headers: Record<string, string> } | undefined => {
    const reportForm = isReportForm(request);
    // A form post is a browser's by nature; elsewhere under /api/ and for other clients, the envelope.
    if (!reportForm && (isApiPath(request.url) || !wantsHtml(request.headers.accept))) return undefined;
    const language = pageLanguage(request.headers, defaultLanguage);
    const t = templates.text(language);
    const heading = { 400: t.badRequest, 404: t.notFound, 429: t.tooMany }[error.status] ?? t.serverError;
    const message = error.status === 404 ? t.notFoundText : error.init.error[language];
    const retryAfter = error.init.extra?.retry_after;
    const back = reportForm ? reportBack(request) : undefined;
    const path = back ?? (request.url.startsWith('/') ? request.url : '/');
    const body = templates.render('error', language, { pageTitle: heading, path }, { heading, message, retryAfter, back });
    return { body, headers: PAGE_HEADERS };
  };
}

/** A person's report from the page's form (a browser's form post): its answers are pages of the site. */
export function isReportForm(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    request.url.split('?')[0] === LINK_REPORTS_PATH &&
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
  );
}

/**
 * The page a report came from: the form's `back` field, else the Referer's path when it is this site's
 * (a 429 of the limits may come before the body is read), else the home page.
 */
export function reportBack(request: FastifyRequest): string {
  const field = (request.body as { back?: unknown } | undefined)?.back;
  if (typeof field === 'string') return returnPath(field);
  try {
    const referer = new URL(request.headers.referer ?? '');
    if (referer.host === request.headers.host) return returnPath(`${referer.pathname}${referer.search}`);
  } catch {
    // no Referer, or not a URL: the home page
  }
  return '/';
}

/** The 202 page a browser's report gets: thanks, in the site's look, and the way back to its page. */
export function reportReceivedPage(templates: PageTemplates, defaultLanguage: Language) {
  return (request: FastifyRequest): string => {
    const language = pageLanguage(request.headers, defaultLanguage);
    const back = reportBack(request);
    return templates.render('report', language, { pageTitle: templates.text(language).reportReceived, path: back }, { back });
  };
}
