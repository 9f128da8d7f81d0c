/**
 * The destructive actions' two steps (docs/console.md, "Confirming"), the prefix takedown's pattern for
 * every action that deletes or revokes: the first POST only shows what will be touched, by name, with a
 * button that sends the same fields again with `confirm=1`; the confirmed POST acts and answers 303 to a
 * page (POST/redirect/GET), so reloading the result page never sends the action again. The result page
 * says what was done from its query (`done`, `what`): fixed words around an escaped name.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConsole } from './console.js';
import { field, operationsPage } from './operation-pages.js';

export interface ConfirmStep {
  /** The page's heading: what is about to happen. */
  heading: string;
  /** What will be touched, label beside value (a title, a link, a name). */
  facts: Array<{ label: string; value: string }>;
  /** Where the confirmed form goes, and the fields it sends again. */
  action: string;
  fields: Record<string, string>;
  confirmLabel: string;
  cancelHref: string;
}

/** True when the form says the operator confirmed (the second step). */
export function confirmed(request: FastifyRequest): boolean {
  return field(request.body, 'confirm') === '1';
}

export function confirmPage(admin: AdminConsole, request: FastifyRequest, reply: FastifyReply, step: ConfirmStep) {
  return operationsPage(admin, request, reply, 'action-confirm', () => step.heading, { step });
}

/** 303 to `path` with what was done in its query, so a reload only reads. */
export function doneRedirect(reply: FastifyReply, path: string, done: string, what: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams({ ...query, done, what: what.slice(0, 300) });
  return reply.code(303).header('location', `${path}?${search}`).send();
}

/** The `done` and `what` of a result page's query. */
export function doneOf(query: unknown): { done: string; what: string } {
  const q = (query ?? {}) as Record<string, unknown>;
  return { done: typeof q.done === 'string' ? q.done : '', what: typeof q.what === 'string' ? q.what.slice(0, 300) : '' };
}
