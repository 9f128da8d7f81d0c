/**
 * Fixture providers on loopback: one small HTTP server per provider (port 0), answering on the paths
 * docs/link-health.md "Providers" names, as the answers in fixture-answers.ts say. Point a checker at them
 * with `origins` (a ready `LINK_CHECK_ORIGINS` value) or `originMap` (createLinkChecker's option).
 *
 * Share ids name scenarios, the same for every provider (`fixtureLink(provider, 'alive1')`):
 * - `alive1` alive; `locked1` locked without a code or with a wrong one, alive with `FIXTURE_CODE`;
 *   `dead1` dead; `empty1` dead by an empty share (quark, baidu, alipan); `captcha1` the provider's own
 *   "slow down" answer (unknown, throttled); `dead-<code>` that provider's dead code.
 * - answered at the provider's last request, for every provider: `throttled1` HTTP 429, `error500` HTTP
 *   500, `garbage1` a body that is not JSON, `oversize1` an alive-looking body past 256 KiB (chunked),
 *   `oversize2` the same with Content-Length, `hang1` never answers, `slowbody1` headers then a body that
 *   never ends, `reset1` the connection is reset, `redirect1` a 302 (following it would reach `/followed`),
 *   `held1` waits until the test calls `release()`, then answers as `alive1` (with `inFlight`/`maxInFlight`,
 *   for tests of concurrency).
 * - Xunlei's captcha handshake and Baidu's home page name no share: they answer as id `*`, so
 *   `set('xunlei', '*', 'initcaptcha1')` makes the handshake refuse, `set('baidu', '*', 'nocookie1')` the home
 *   page set no cookie (and `set(provider, '*', '*')` undoes that).
 * - any other id answers an unknown shape. `set(provider, shareId, asId)` makes a share answer as another
 *   id from now on (a link that dies or comes back), `program(...)` serves a given body (property tests).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/share-links.js';
import { ANSWERS, type Asked, type Reply } from './fixture-answers.js';

export { FIXTURE_CODE } from './fixture-answers.js';

export interface FixtureRequest {
  provider: ProviderId;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ProgrammedReply {
  status: number;
  body: string;
  type?: string;
  /** 'first': the provider's first request answers it; 'last' (default): earlier requests succeed; or a step's name. */
  at?: 'first' | 'last' | (string & {});
  /** Served this many times, then the scenario answers again (default: from now on). */
  times?: number;
}

export interface FixtureProviders {
  /** `LINK_CHECK_ORIGINS` for all eight providers. */
  origins: string;
  originMap: Record<ProviderId, string>;
  requests(): number;
  /** Resolves once `n` requests in all have arrived (counting from the start). */
  waitForRequests(n: number): Promise<void>;
  /** Every request so far, oldest first. */
  log(): FixtureRequest[];
  set(provider: ProviderId, shareId: string, asId: string): void;
  /** Requests received and not yet answered (of one provider, or of all). */
  inFlight(provider?: ProviderId): number;
  /** The most requests in flight at once so far (of one provider, or the sum's highest). */
  maxInFlight(provider?: ProviderId): number;
  /** Answers the oldest `n` (default: all) `held1` requests waiting; returns how many it answered. */
  release(n?: number): number;
  /** Serves `reply` for `shareId` from now on; undefined goes back to the scenario answers. */
  program(provider: ProviderId, shareId: string, reply: ProgrammedReply | undefined): void;
  close(): Promise<void>;
}

const OVERSIZE_BYTES = 300 * 1024;

/** How each provider's requests name their step, share and code (the paths of docs/link-health.md). */
function read(provider: ProviderId, request: IncomingMessage, url: URL, body: string): Omit<Asked, 'last'> | undefined {
  const q = (name: string) => url.searchParams.get(name) ?? undefined;
  const bodyJson = () => (JSON.parse(body || '{}') ?? {}) as Record<string, unknown>;
  const path = url.pathname;
  const header = (name: string) => request.headers[name] as string | undefined;
  const asked = (step: string, shareId: string | undefined, code?: string, token?: string) =>
    shareId === undefined ? undefined : { step, shareId, code: code || undefined, token, headers: request.headers };
  switch (provider) {
    case 'quark':
    case 'uc':
      if (path === '/1/clouddrive/share/sharepage/token') return asked('token', bodyJson().pwd_id as string, bodyJson().passcode as string);
      if (path === '/1/clouddrive/share/sharepage/detail') return asked('detail', q('pwd_id'), undefined, q('stoken'));
      return undefined;
    case 'baidu': {
      const cookie = header('cookie');
      // The home page names no share: it answers as share id `*` (set `*` to change it).
      if (path === '/') return asked('warm', '*');
      if (path === '/api/shorturlinfo') {
        const token = q('shorturl') ?? '';
        return asked('shorturlinfo', token.startsWith('1') ? token.slice(1) : 'no-leading-1', undefined, cookie);
      }
      if (path.startsWith('/s/1')) return asked('page', path.slice(4), undefined, cookie);
      if (path === '/share/init') return asked('page', q('surl'), undefined, cookie);
      if (path === '/share/verify') return asked('verify', q('surl'), new URLSearchParams(body).get('pwd') ?? undefined, cookie);
      return undefined;
    }
    case 'alipan':
      return path === '/adrive/v3/share_link/get_share_by_anonymous' ? asked('share', bodyJson().share_id as string) : undefined;
    case '123pan':
      if (path === '/api/share/info') return asked('old-info', q('shareKey'));
      return path === '/b/api/share/get' ? asked('get', q('shareKey'), q('SharePwd')) : undefined;
    case 'tianyi':
      if (path === '/api/open/share/getShareInfoByCodeV2.action') return asked('info', q('shareCode'));
      return path === '/api/open/share/checkAccessCode.action' ? asked('access', q('shareCode'), q('accessCode')) : undefined;
    case '115':
      return path === '/webapi/share/snap' ? asked('snap', q('share_code'), q('receive_code')) : undefined;
    case 'xunlei':
      // The handshake names no share: it answers as share id `*` (set or program `*` to change it).
      if (path === '/v1/shield/captcha/init') {
        const meta = bodyJson().meta as Record<string, unknown> | undefined;
        return asked(
          'captcha',
          '*',
          undefined,
          header('x-client-id') && typeof meta?.captcha_sign === 'string' ? meta.captcha_sign : undefined,
        );
      }
      if (path === '/drive/v1/share') return asked('share', q('share_id'), q('pass_code'), header('x-captcha-token'));
      return undefined;
  }
}

/** The last request of a check per provider, where the common scenarios answer. */
const LAST_STEP: Record<ProviderId, string> = {
  quark: 'detail',
  baidu: 'shorturlinfo',
  alipan: 'share',
  '123pan': 'get',
  tianyi: 'info',
  '115': 'snap',
  uc: 'detail',
  xunlei: 'share',
};
const FIRST_STEP: Partial<Record<ProviderId, string>> = { quark: 'token', uc: 'token', xunlei: 'captcha' };

const COMMON: Record<string, Reply> = {
  throttled1: { status: 429, body: 'slow down', type: 'text/plain', headers: { 'retry-after': '60' } },
  error500: { status: 500, body: '{"code":0,"errno":0,"state":true}', type: 'application/json' },
  garbage1: { status: 200, body: '<<<not json>>>', type: 'application/json' },
  oversize1: { special: 'oversized' },
  oversize2: { special: 'oversized-declared' },
  hang1: { special: 'hang' },
  held1: { special: 'held' },
  slowbody1: { special: 'slowbody' },
  reset1: { special: 'reset' },
  redirect1: { special: 'redirect' },
};

/** An answer that would read as alive for most providers, padded past the cap. */
const ALIVE_PADDED = (bytes: number) =>
  JSON.stringify({ code: 0, errno: 0, state: true, share_status: 'OK', data: { list: [{}], share_state: 1 }, pad: 'x'.repeat(bytes) });

export async function startFixtureProviders(): Promise<FixtureProviders> {
  const log: FixtureRequest[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const aliases = new Map<string, string>();
  const programmed = new Map<string, ProgrammedReply>();
  const held: Array<() => void> = [];
  const inFlight = new Map<ProviderId | 'all', number>();
  const maxInFlight = new Map<ProviderId | 'all', number>();
  const count = (key: ProviderId | 'all', by: number) => {
    const now = (inFlight.get(key) ?? 0) + by;
    inFlight.set(key, now);
    maxInFlight.set(key, Math.max(now, maxInFlight.get(key) ?? 0));
  };

  function answer(provider: ProviderId, asked: Asked): Reply {
    const custom = programmed.get(`${provider}/${asked.shareId}`);
    const first = FIRST_STEP[provider] ?? LAST_STEP[provider];
    const at = custom?.at ?? 'last';
    if (custom && (at === 'first' ? asked.step === first : at === 'last' ? asked.last : asked.step === at)) {
      if (custom.times !== undefined && --custom.times <= 0) programmed.delete(`${provider}/${asked.shareId}`);
      return custom;
    }
    const shareId = aliases.get(`${provider}/${asked.shareId}`) ?? asked.shareId;
    if (asked.last && COMMON[shareId]) return COMMON[shareId] as Reply;
    return ANSWERS[provider]({ ...asked, shareId });
  }

  function send(response: ServerResponse, reply: Reply, later?: () => Reply): void {
    if (!('special' in reply)) {
      response.writeHead(reply.status, { 'content-type': reply.type ?? 'text/plain', ...reply.headers }).end(reply.body);
      return;
    }
    switch (reply.special) {
      case 'hang':
        return;
      case 'held':
        held.push(() => send(response, later?.() ?? { status: 200, body: 'released' }));
        return;
      case 'reset':
        response.socket?.resetAndDestroy();
        return;
      case 'slowbody':
        response.writeHead(200, { 'content-type': 'application/json' }).write('{"code":0,');
        return;
      case 'oversized':
        response.writeHead(200, { 'content-type': 'application/json' });
        {
          const body = ALIVE_PADDED(OVERSIZE_BYTES);
          for (let start = 0; start < body.length; start += 16384) response.write(body.slice(start, start + 16384));
        }
        response.end();
        return;
      case 'oversized-declared': {
        const body = ALIVE_PADDED(OVERSIZE_BYTES);
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
        return;
      }
      case 'redirect':
        response.writeHead(302, { location: '/followed' }).end();
        return;
    }
  }

  const servers = new Map<ProviderId, Server>();
  for (const provider of PROVIDER_IDS) {
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fixture');
      count(provider, 1);
      count('all', 1);
      response.once('close', () => {
        count(provider, -1);
        count('all', -1);
      });
      log.push({ provider, method: request.method ?? '', path: `${url.pathname}${url.search}`, headers: request.headers, body });
      for (const waiter of waiters.filter((w) => log.length >= w.n)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      let asked: Omit<Asked, 'last'> | undefined;
      try {
        asked = read(provider, request, url, body);
      } catch {
        asked = undefined;
      }
      if (!asked) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('no such path');
        return;
      }
      const known = { ...asked, last: asked.step === LAST_STEP[provider] };
      send(response, answer(provider, known), () => ANSWERS[provider]({ ...known, shareId: 'alive1' }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    servers.set(provider, server);
  }

  const originMap = Object.fromEntries(
    [...servers].map(([provider, server]) => [provider, `http://127.0.0.1:${(server.address() as AddressInfo).port}`]),
  ) as Record<ProviderId, string>;

  return {
    origins: Object.entries(originMap)
      .map(([provider, origin]) => `${provider}=${origin}`)
      .join(','),
    originMap,
    requests: () => log.length,
    waitForRequests: (n) => (log.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    log: () => [...log],
    set: (provider, shareId, asId) => aliases.set(`${provider}/${shareId}`, asId),
    inFlight: (provider) => inFlight.get(provider ?? 'all') ?? 0,
    maxInFlight: (provider) => maxInFlight.get(provider ?? 'all') ?? 0,
    release: (n = held.length) => {
      const answering = held.splice(0, n);
      for (const reply of answering) reply();
      return answering.length;
    },
    program: (provider, shareId, reply) => {
      if (reply) programmed.set(`${provider}/${shareId}`, reply);
      else programmed.delete(`${provider}/${shareId}`);
    },
    async close() {
      await Promise.all(
        [...servers.values()].map((server) => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeAllConnections();
          return closed;
        }),
      );
    },
  };
}

/** A share link of `provider` for `shareId` (a scenario id above), with `code` carried the provider's way. */
export function fixtureLink(provider: ProviderId, shareId: string, code?: string): string {
  const base: Record<ProviderId, string> = {
    quark: `https://pan.quark.cn/s/${shareId}`,
    baidu: `https://pan.baidu.com/s/1${shareId}`,
    alipan: `https://www.alipan.com/s/${shareId}`,
    '123pan': `https://www.123pan.com/s/${shareId}`,
    tianyi: `https://cloud.189.cn/t/${shareId}`,
    '115': `https://115.com/s/${shareId}`,
    uc: `https://drive.uc.cn/s/${shareId}`,
    xunlei: `https://pan.xunlei.com/s/${shareId}`,
  };
  if (code === undefined) return base[provider];
  if (provider === 'tianyi') return `${base[provider]}（访问码：${code}）`;
  return `${base[provider]}?${provider === '115' ? 'password' : 'pwd'}=${code}`;
}
