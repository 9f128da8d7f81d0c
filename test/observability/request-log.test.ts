// The process's one logger: at debug, one line per answered request with route, status, time and client
// address, on both listeners; never a token, an API key or a WeChat signature; at info, no request lines.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { createLogger } from '../../src/observability/logger.js';
import { callbackUrl, WECHAT_ENV } from '../boards/support/wechat-fixtures.js';
import { createTestContext } from '../support/harness.js';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>>; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines, text };
}

const API_KEY = `dk_${'K'.repeat(40)}`;
const TOKEN = `dxr_${'T'.repeat(43)}`;

describe('request log', () => {
  test('debug: route, status, time and address on both listeners, and no secret anywhere', async () => {
    const { stream, lines, text } = capture();
    const ctx = await createTestContext('sqlite', { LOG_LEVEL: 'debug', ...WECHAT_ENV }, { log: createLogger('debug', stream) });
    try {
      await ctx.app.inject({ url: '/api/contents?page=2', remoteAddress: '10.40.0.1', headers: { 'x-api-key': API_KEY } });
      await ctx.app.inject({ url: '/nowhere', remoteAddress: '10.40.0.2' });
      await ctx.rankingApp.inject({
        url: '/api/extrank/tv/hot',
        remoteAddress: '10.40.0.3',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const wechat = callbackUrl({ echostr: 'hello' });
      await ctx.rankingApp.inject({ url: wechat, remoteAddress: '10.40.0.4' });
      const requests = lines().filter((line) => line.msg === 'request');
      const seen = requests.map(({ route, method, status, address }) => ({ route, method, status, address }));
      assert.deepEqual(seen, [
        { route: '/api/contents', method: 'GET', status: 200, address: '10.40.0.1' },
        { route: '(unmatched)', method: 'GET', status: 404, address: '10.40.0.2' },
        { route: '/api/extrank/tv/hot', method: 'GET', status: 401, address: '10.40.0.3' },
        { route: '/wechat', method: 'GET', status: 200, address: '10.40.0.4' },
      ]);
      for (const line of requests) assert.equal(typeof line.ms, 'number');
      const signature = new URLSearchParams(wechat.split('?')[1]).get('signature') ?? '';
      for (const secret of [API_KEY, TOKEN, TOKEN.slice(4), signature]) assert.ok(!text().includes(secret), 'no secret in the log');
      // Redaction holds wherever a secret-bearing field turns up, not only in request lines.
      ctx.services.log.warn({ req: { headers: { authorization: `Bearer ${TOKEN}` }, url: wechat }, token: TOKEN }, 'probe');
      assert.ok(!text().includes(TOKEN.slice(4)) && !text().includes(signature));
    } finally {
      await ctx.close();
    }
  });

  test("each request's lines carry its own request id, as pino's child logger writes them", async () => {
    const { stream, lines } = capture();
    const ctx = await createTestContext('sqlite', { LOG_LEVEL: 'debug' }, { log: createLogger('debug', stream) });
    try {
      for (const url of ['/api/types', '/api/contents', '/nowhere']) await ctx.app.inject({ url });
      const requests = lines().filter((line) => line.msg === 'request');
      assert.equal(requests.length, 3);
      const ids = requests.map((line) => line.reqId);
      for (const id of ids) assert.match(String(id), /^req-[0-9a-z]+$/);
      assert.equal(new Set(ids).size, 3);
      // The bindings come first, then the line's own fields, as in any child logger's line.
      const keys = Object.keys(requests[0] as object);
      assert.ok(keys.indexOf('reqId') < keys.indexOf('route') && keys.indexOf('route') < keys.indexOf('msg'));
    } finally {
      await ctx.close();
    }
  });

  test('info: no line per request', async () => {
    const { stream, lines } = capture();
    const ctx = await createTestContext('sqlite', { LOG_LEVEL: 'info' }, { log: createLogger('info', stream) });
    try {
      await ctx.app.inject({ url: '/api/types' });
      await ctx.rankingApp.inject({ url: '/api/extrank/tv/hot' });
      assert.deepEqual(
        lines().filter((line) => line.msg === 'request'),
        [],
      );
    } finally {
      await ctx.close();
    }
  });
});
