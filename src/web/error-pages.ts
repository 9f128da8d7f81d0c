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
import { isApiPath } from '../http/paths.js';
import { PAGE_HEADERS } from './page-headers.js';
import { pageLanguage } from './page-language.js';
import type { PageTemplates } from './templates.js';

const negotiator = new Negotiator({ supportedValues: ['application/json', 'text/html'] });

/** Whether the client would rather read HTML than JSON (a browser's `text/html,…,*\/*;q=0.8`). */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && negotiator.negotiate(accept) === 'text/html';
}

export function errorPages(templates: PageTemplates, defaultLanguage: Language) {
  return (error: ApiError, request: FastifyRequest): { body: string; headers: Record<string, string> } | undefined => {
    if (isApiPath(request.url) || !wantsHtml(request.headers.accept)) return undefined;
    const language = pageLanguage(request.headers, defaultLanguage);
    const t = templates.text(language);
    const heading = { 400: t.badRequest, 404: t.notFound, 429: t.tooMany }[error.status] ?? t.serverError;
    const message = error.status === 404 ? t.notFoundText : error.init.error[language];
    const retryAfter = error.init.extra?.retry_after;
    const path = request.url.startsWith('/') ? request.url : '/';
    const body = templates.render('error', language, { pageTitle: heading, path }, { heading, message, retryAfter });
    return { body, headers: PAGE_HEADERS };
  };
}
