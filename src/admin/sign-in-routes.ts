/**
 * Signing in and out (docs/console.md, "Signing in"). A wrong name and a wrong password get the same
 * answer, after the same work (one argon2id verification either way, passwords.ts); every attempt is
 * counted against the name and the address before its password is verified and given back when it signs
 * in (sign-in-throttle.ts); past the limit the answer is 429 and no password is looked at. A sign-in always begins a new session, ending the one the browser carried (a
 * session id planted before sign-in is worth nothing after it). Signing out deletes the session row, so
 * the cookie is refused by every instance at once, and tells the browser to forget it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConsole } from './console.js';
import { signInThrottled } from './console-errors.js';
import type { ConsolePage } from './console-page.js';
import { withinDeadline } from './deadline.js';
import { formField } from './form-fields.js';
import { consoleLanguage } from './page-reply.js';
import { passwordMatches } from './passwords.js';
import { clearedSessionCookie, sessionCookie, sessionToken } from './session-cookie.js';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

export const SIGN_IN_PAGE: ConsolePage = {
  path: '/login',
  access: 'anyone',
  name: { zh: '登录', en: 'Sign in' },
  view: 'login',
  routes: signInRoutes,
};

/** Signing out needs a session to end, so it is a moderator's route, not the sign-in page's. */
export const SIGN_OUT: ConsolePage = { path: '/logout', access: 'moderator', routes: signOutRoutes };

async function signInRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  const t = (request: FastifyRequest) => admin.templates.text(consoleLanguage(request, admin.config.language));
  const loginPage = (request: FastifyRequest, reply: FastifyReply, problem?: string, name?: string, status = 200) =>
    reply.consolePage('login', { problem, name, signedOut: (request.query as Record<string, unknown>)['signed-out'] === '1' }, status);

  app.get('/login', async (request, reply) => {
    if (request.consoleSession) return reply.redirect('/admin', 303);
    if ((await withinDeadline(admin.accounts.count(), admin.storeDeadlineMs)) === 0) {
      return reply.consolePage('no-account', { title: t(request).noAccount });
    }
    return loginPage(request, reply);
  });

  app.post('/login', async (request, reply) => {
    const name = formField(request.body, 'name').trim();
    const password = formField(request.body, 'password');
    // Counted before the password is verified, so parallel guesses get no more checks than the limit.
    const admission = await admin.throttle.admit(request.ip, name);
    if (admission.refusedFor > 0 || !('failed' in admission)) {
      request.log.warn({ name: name.slice(0, 64), address: request.ip }, 'console sign-in refused: too many failures');
      throw signInThrottled(admission.refusedFor);
    }
    const found = await withinDeadline(admin.accounts.credentials(name), admin.storeDeadlineMs).catch(async (error: unknown) => {
      await admission.succeeded(); // the store failed, not the guess: the attempt is given back
      throw error;
    });
    if (!(await passwordMatches(found?.passwordHash, password)) || !found) {
      await admission.failed();
      request.log.info({ name: name.slice(0, 64), address: request.ip }, 'console sign-in failed');
      return loginPage(request, reply, t(request).wrongCredentials, name, 401);
    }
    await admission.succeeded();
    const carried = sessionToken(request.headers.cookie);
    if (carried) await admin.sessions.end(carried);
    const now = new Date();
    const { token } = await admin.sessions.begin(found.account.id, now);
    await admin.accounts.recordSignIn(found.account.id, now);
    await admin.sessions.sweep(now); // abandoned sessions go when someone signs in, so the table stays small
    request.log.info({ account: found.account.name }, 'console sign-in');
    return reply
      .header('set-cookie', sessionCookie(token, isHttps(request)))
      .header('cache-control', 'no-store')
      .redirect('/admin', 303);
  });
}

async function signOutRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.post('/logout', async (request, reply) => {
    const token = sessionToken(request.headers.cookie);
    if (token) await admin.sessions.end(token);
    return reply
      .header('set-cookie', clearedSessionCookie(isHttps(request)))
      .header('cache-control', 'no-store')
      .redirect('/admin/login?signed-out=1', 303);
  });
}
