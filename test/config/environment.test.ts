// Configuration from the declared environment schema: defaults for unset or blank variables, one line
// naming the variable and its rule for a bad value, and never a secret repeated in that line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.js';

const fails = (env: Record<string, string>, message: RegExp) =>
  assert.throws(
    () => loadConfig(env),
    (error: Error) => error instanceof ConfigError && message.test(error.message) && !error.message.includes('\n'),
  );

test('unset and blank variables take their declared defaults', () => {
  const config = loadConfig({ PORT: '  ', LOG_LEVEL: '' });
  assert.equal(config.port, 3000);
  assert.equal(config.rankingPort, 3001);
  assert.equal(config.logLevel, 'info');
  assert.deepEqual(config.metrics, { host: '127.0.0.1', port: 9464 });
  assert.equal(config.web.ratePerMinute, 60);
  assert.equal(config.limits.enabled, true);
  assert.equal(loadConfig({ METRICS_PORT: 'OFF' }).metrics, undefined);
  assert.equal(loadConfig({ RATE_LIMITS: 'Off' }).limits.enabled, false);
});

test('a bad value stops start-up with one line naming the variable, its rule and the value', () => {
  fails({ PORT: '70000' }, /^PORT must be a port number from 0 to 65535, got "70000"$/);
  fails({ PORT: '1e3' }, /^PORT must be a port number from 0 to 65535, got "1e3"$/);
  fails({ METRICS_PORT: 'sometimes' }, /^METRICS_PORT must be a port number from 0 to 65535, or off, got "sometimes"$/);
  fails({ METRICS_PORT: '3000' }, /^METRICS_PORT must differ from PORT and RANKING_PORT/);
  fails({ WEB_RATE_LIMIT: '0' }, /^WEB_RATE_LIMIT must be an integer from 1 to 1000000, got "0"$/);
  fails({ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"$/);
  fails({ CATALOGUE_TZ: 'Mars/Olympus' }, /^CATALOGUE_TZ must be an IANA time zone such as Asia\/Shanghai, got "Mars\/Olympus"$/);
  fails({ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be sqlite:<path> or postgres:\/\/…, got "mysql:\/\/x"$/);
  fails({ REDIS_KEY_PREFIX: 'has space' }, /^REDIS_KEY_PREFIX must be 1 to 64 printable ASCII/);
});

test('a bad secret is refused without repeating it', () => {
  fails({ RANKING_TOKEN_SECRET: 'short-secret' }, /^RANKING_TOKEN_SECRET must be at least 32 characters[^"]*$/);
  fails({ WECHAT_TOKEN: 't', WECHAT_AES_KEY: 'tooShortKey', WECHAT_APP_ID: 'wx1' }, /^WECHAT_AES_KEY must be the 43-character[^"]*$/);
});
