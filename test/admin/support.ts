/**
 * Shared by the console's suites: an app with the console on, accounts made as `dramadex admin add` makes
 * them (through the account store), and a signed-in visitor that keeps its cookie and reads the CSRF token
 * from the page it was given, as a browser would.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AccountStore } from '../../src/admin/accounts.js';
import { CONSOLE_PAGES } from '../../src/admin/console-pages.js';
import type { Role } from '../../src/admin/roles.js';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import type { Database } from '../../src/store/database.js';

export const PASSWORD = 'correct horse battery';

export async function addAccount(database: Database, name: string, role: Role, password = PASSWORD): Promise<void> {
  await new AccountStore(database).add(name, role, password);
}

/** The session cookie a response sets (its value), or undefined. */
export function setSessionCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const ours = all.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return ours?.slice(SESSION_COOKIE.length + 1).split(';')[0];
}

/** The whole `Set-Cookie` line of the session cookie. */
export function sessionCookieLine(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** The CSRF token a console page carries in its forms. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the page carries a CSRF token');
  return match[1] as string;
}

export interface Operator {
  cookie: string;
  csrf: string;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, fields?: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Signs in through the form and returns a visitor holding the cookie and the page's CSRF token. */
export async function signIn(app: FastifyInstance, name: string, password = PASSWORD, address = '127.0.0.1'): Promise<Operator> {
  const response = await app.inject({ method: 'POST', url: '/admin/login', remoteAddress: address, ...form({ name, password }) });
  assert.equal(response.statusCode, 303, response.body);
  const cookie = setSessionCookie(response);
  assert.ok(cookie, 'a session cookie was set');
  return operatorWith(app, cookie);
}

export async function operatorWith(app: FastifyInstance, cookie: string): Promise<Operator> {
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${cookie}`, ...headers } });
  const page = await get('/admin');
  const csrf = page.statusCode === 200 ? csrfOf(page.body) : '';
  return {
    cookie,
    csrf,
    get,
    post: (url, fields = {}, headers = {}) => {
      const body = form({ _csrf: csrf, ...fields });
      return app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, cookie: `${SESSION_COOKIE}=${cookie}`, ...headers },
      });
    },
  };
}

/**
 * Every page the console's menu lists, in menu order, from the pages' declarations (src/admin/console-pages.ts),
 * with `instead` giving a path a richer address (a search on the entries page).
 */
export function menuPages(instead: Record<string, string[]> = {}): string[] {
  return CONSOLE_PAGES.filter((page) => page.inNavigation).flatMap((page) => instead[`/admin${page.path}`] ?? [`/admin${page.path}`]);
}
