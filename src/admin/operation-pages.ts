/**
 * What every working page of the console shares (docs/console.md, "Pages"): reading a form's field,
 * rendering a page with its own words (`it.o`, operations-text.ts) beside the layout's, and turning an
 * operation's refusal (operations/operation-refused.ts) into the page shown again with the reason, status
 * 400, rather than an error page: the operator sees what they typed and why it was turned down.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OperationRefused } from '../operations/operation-refused.js';
import type { AdminConsole } from './console.js';
import { withinDeadline } from './deadline.js';
import { formField } from './form-fields.js';
import { NAMES_TEXT, type NamesText } from './names-text.js';
import { OPERATIONS_TEXT, type OperationsText } from './operations-text.js';
import { consoleLanguage, type PageData } from './page-reply.js';

/**
 * A page's outcome line in its true colour: what an action did (`notice`, success), what it did but
 * found wrong (`warning`: a check that found the link dead), that it failed (`failure`: a poll that
 * reached nothing), or why it was refused (`problem`, 400).
 */
export interface Outcome {
  notice?: string | undefined;
  warning?: string | undefined;
  /** The action ran and failed (a poll that reached nothing): red, but not a refused request (200). */
  failure?: string | undefined;
  /** The action waits for the operator's confirmation (a source whose first poll failed). */
  unconfirmed?: boolean | undefined;
  problem?: string | undefined;
}

/** A form field as text, trimmed (form-fields.ts: empty when missing, repeated or not text). */
export function field(body: unknown, name: string): string {
  return formField(body, name).trim();
}

export function operationsText(admin: AdminConsole, request: FastifyRequest): OperationsText {
  return OPERATIONS_TEXT[consoleLanguage(request, admin.config.language)];
}

/** The page's words for stored English sentences (names-text.ts), for a notice built in a route. */
export function namesText(admin: AdminConsole, request: FastifyRequest): NamesText {
  return NAMES_TEXT[consoleLanguage(request, admin.config.language)];
}

/** Sends `view` with the page's words; a refusal in `outcome` answers 400. */
export function operationsPage(admin: AdminConsole, request: FastifyRequest, reply: FastifyReply, view: string, data: Outcome & PageData) {
  return reply.consolePage(view, { o: operationsText(admin, request), ...data }, data.problem ? 400 : 200);
}

/**
 * Runs an action; its words are a success unless it says otherwise (an Outcome); a refusal becomes the
 * outcome's `problem`, anything else is thrown (an error page).
 */
export async function attempt(work: () => Promise<string | Outcome>): Promise<Outcome> {
  try {
    const done = await work();
    return typeof done === 'string' ? { notice: done } : done;
  } catch (error) {
    if (error instanceof OperationRefused) return { problem: error.message };
    throw error;
  }
}

/** A store read bounded by the console's deadline (deadline.ts). */
export function read<T>(admin: AdminConsole, work: Promise<T>): Promise<T> {
  return withinDeadline(work, admin.storeDeadlineMs);
}

/** Who is acting: the signed-in account's name (the access hook guarantees one on every action route). */
export function actor(request: FastifyRequest): string {
  return request.consoleSession?.name ?? 'unknown';
}

/*
 * The destructive actions' two steps (docs/console.md, "Confirming"), the prefix takedown's pattern for
 * every action that deletes or revokes: the first POST only shows what will be touched, by name, with a
 * button that sends the same fields again with `confirm=1`; the confirmed POST acts and answers 303 to a
 * page (POST/redirect/GET), so reloading the result page never sends the action again. The result page
 * says what was done from its query (`done`, `what`): fixed words around an escaped name.
 */
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
  return operationsPage(admin, request, reply, 'action-confirm', { title: step.heading, step });
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
