/**
 * Who may use each console route: the one table authorization is decided from (docs/console.md,
 * "Roles"). The console plugin looks every request's route up here before anything else runs: `anyone`
 * routes are open, the others need a signed-in account of at least that role (an anonymous GET is sent to
 * sign in with 303, an anonymous POST gets 401, a moderator on an owner's route 403). A route missing from
 * the table is refused to everyone (fail closed), and test/admin/route-coverage.test.ts fails on it, so a
 * new page cannot be left open by accident. Keys are `METHOD path` as the route was declared; HEAD is
 * looked up as GET.
 */
import type { Access } from './roles.js';

export const ROUTE_ROLES: Readonly<Record<string, Access>> = {
  'GET /admin/login': 'anyone',
  'POST /admin/login': 'anyone',
  'GET /admin/language/:language': 'anyone',
  'GET /admin/assets/:file': 'anyone',
  'POST /admin/logout': 'moderator',
  'GET /admin': 'moderator',
  'GET /admin/keys': 'owner',
  'POST /admin/keys': 'owner',
  'POST /admin/keys/revoke': 'owner',
  'GET /admin/accounts': 'owner',
  'GET /admin/entries': 'moderator',
  'POST /admin/entries/remove': 'moderator',
  'POST /admin/entries/show': 'moderator',
  'GET /admin/links': 'moderator',
  'POST /admin/links/check': 'moderator',
  'POST /admin/links/breaker/reset': 'moderator',
  'POST /admin/links/breaker/allow': 'moderator',
  'GET /admin/reports': 'moderator',
  'POST /admin/reports/dismiss': 'moderator',
  'GET /admin/sources': 'moderator',
  'POST /admin/sources': 'moderator',
  'POST /admin/sources/poll': 'moderator',
  'POST /admin/sources/remove': 'moderator',
  'GET /admin/import': 'moderator',
  'POST /admin/import': 'moderator',
  'POST /admin/import/apply': 'moderator',
  'GET /admin/takedowns': 'moderator',
  'POST /admin/takedowns': 'moderator',
  'POST /admin/takedowns/lift': 'moderator',
  'GET /admin/audit': 'moderator',
};

/** The access a route needs, or undefined when the table does not name it. */
export function routeAccess(method: string, path: string): Access | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`;
  return ROUTE_ROLES[key];
}
