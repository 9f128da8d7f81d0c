/**
 * Every environment variable the service reads, declared once as a TypeBox schema: its type, its
 * range or pattern, its default, and the rule a bad value is told with. `readEnvironment` checks each
 * present value against its schema and answers a bad one with one line, `NAME must be <rule>, got
 * "<value>"`; config.ts then builds the typed configuration from the checked values (the rules that
 * span variables, and lists whose items need parsing, stay there). The configuration table in docs/configuration.md is
 * checked against this schema by test/config/configuration-table.test.ts: every variable documented, every
 * documented variable real, defaults alike.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { Format } from 'typebox/format';
import { Value } from 'typebox/value';

export class ConfigError extends Error {}

Format.Set('iana-time-zone', (zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
});

/**
 * `rule` completes "NAME must be …" in the error; `default` is the value when the variable is unset or
 * blank; a `secret` value is never repeated in an error (it would land in logs and terminals).
 */
interface Declared {
  [option: string | symbol]: unknown;
  rule: string;
  default?: string | number;
  secret?: boolean;
}

const integer = (minimum: number, maximum: number, declared: Declared) => Type.Integer({ minimum, maximum, ...declared });
const port = (fallback: number) => integer(0, 65535, { rule: 'a port number from 0 to 65535', default: fallback });
const onOff = (fallback: 'on' | 'off') => Type.Enum(['on', 'off'], { rule: 'on or off', default: fallback, lowerCase: true });
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const text = (declared: Declared & { pattern?: string; format?: string }) => Type.String(declared);
const optional = <Schema extends TSchema>(schema: Schema) => Type.Optional(schema);

export const ENVIRONMENT = Type.Object({
  PORT: port(3000),
  RANKING_PORT: port(3001),
  HOST: text({ rule: 'a listen address', default: '127.0.0.1' }),
  DATABASE_URL: text({
    rule: 'sqlite:<path> or postgres://…',
    pattern: '^(sqlite:.+|postgres(ql)?://.+)$',
    default: 'sqlite:./data/dramadex.db',
  }),
  DATABASE_POOL_SIZE: integer(1, 1000, { rule: 'an integer from 1 to 1000', default: 10 }),
  REDIS_URL: optional(text({ rule: 'redis://… or rediss://…', pattern: '^rediss?://.+$' })),
  REDIS_KEY_PREFIX: text({
    rule: '1 to 64 printable ASCII characters without spaces',
    pattern: '^[\\x21-\\x7e]{1,64}$',
    default: 'dramadex:',
  }),
  REDIS_COMMAND_TIMEOUT_MS: integer(10, 10_000, { rule: 'an integer from 10 to 10000', default: 250 }),
  CATALOGUE_TZ: text({ rule: 'an IANA time zone such as Asia/Shanghai', format: 'iana-time-zone', default: 'Asia/Shanghai' }),
  TRUST_PROXY: text({ rule: 'a comma-separated list of addresses or CIDRs', default: '' }),
  REQUEST_TIMEOUT_SECONDS: integer(1, 3600, { rule: 'an integer from 1 to 3600', default: 10 }),
  KEEP_ALIVE_TIMEOUT_SECONDS: integer(1, 3600, { rule: 'an integer from 1 to 3600', default: 5 }),
  SHUTDOWN_GRACE_SECONDS: integer(1, 3600, { rule: 'an integer from 1 to 3600', default: 10 }),
  MAX_CONNECTIONS_PER_ADDRESS: integer(1, 100_000, { rule: 'an integer from 1 to 100000', default: 32 }),
  EXEMPT_ADDRESSES: text({ rule: 'a comma-separated list of addresses or CIDRs', default: '' }),
  CORS_ORIGINS: text({ rule: 'a comma-separated list of origins such as https://app.example.com, or *', default: '' }),
  RATE_LIMITS: onOff('on'),
  RESPONSE_CACHE_MB: integer(0, 4096, { rule: 'an integer from 0 to 4096', default: 32 }),
  SEARCH_WORKERS: optional(integer(1, 64, { rule: 'an integer from 1 to 64' })),
  RANKING_RATE_LIMIT: integer(1, 1_000_000, { rule: 'an integer from 1 to 1000000', default: 60 }),
  RANKING_FAILED_AUTH_LIMIT: integer(1, 1_000_000, { rule: 'an integer from 1 to 1000000', default: 10 }),
  RANKING_HIT_MAX: integer(1, 100_000, { rule: 'an integer from 1 to 100000', default: 500 }),
  RANKING_SNAPSHOT_RETENTION_DAYS: integer(1, 36_500, { rule: 'an integer from 1 to 36500', default: 30 }),
  RANKING_FETCH_SOURCES: optional(text({ rule: '<board>=<url> pairs' })),
  RANKING_FETCH_INTERVAL_MINUTES: integer(1, 10_080, { rule: 'an integer from 1 to 10080', default: 30 }),
  RANKING_TOKEN_SECRET: optional(
    text({ rule: 'at least 32 characters (e.g. `openssl rand -base64 32`)', pattern: '^[\\s\\S]{32,}$', secret: true }),
  ),
  WECHAT_TOKEN: optional(text({ rule: 'the token from the WeChat console', secret: true })),
  WECHAT_AES_KEY: optional(
    text({ rule: 'the 43-character EncodingAESKey from the WeChat console', pattern: '^[A-Za-z0-9]{43}$', secret: true }),
  ),
  WECHAT_APP_ID: optional(text({ rule: 'the AppID from the WeChat console' })),
  WECHAT_TOKEN_KEYWORDS: text({ rule: 'a comma-separated list of keywords', default: 'token,令牌' }),
  WECHAT_REBIND_KEYWORDS: text({ rule: 'a comma-separated list of keywords', default: '换绑,rebind' }),
  WECHAT_HELP_KEYWORDS: text({ rule: 'a comma-separated list of keywords', default: 'help,帮助,?' }),
  WECHAT_TIMESTAMP_TOLERANCE: integer(1, 86_400, { rule: 'an integer from 1 to 86400', default: 300 }),
  LANGUAGE: Type.Enum(['zh', 'en'], { rule: 'zh or en', default: 'zh' }),
  APP_ENV: text({ rule: 'a name', default: 'production' }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { rule: `one of ${LOG_LEVELS.join(', ')}`, default: 'info' }),
  LOG_FORMAT: Type.Enum(['auto', 'json', 'pretty'], { rule: 'auto, json or pretty', default: 'auto', lowerCase: true }),
  METRICS_HOST: text({ rule: 'a listen address', default: '127.0.0.1' }),
  METRICS_PORT: Type.Union([Type.Literal('off'), Type.Integer({ minimum: 0, maximum: 65535 })], {
    rule: 'a port number from 0 to 65535, or off',
    default: 9464,
    lowerCase: true,
  }),
  WEB: onOff('on'),
  ADMIN: onOff('on'),
  WEB_RATE_LIMIT: integer(1, 1_000_000, { rule: 'an integer from 1 to 1000000', default: 60 }),
  WEB_RANKINGS: onOff('on'),
  LINK_CHECK: onOff('off'),
  LINK_CHECK_RATE: optional(text({ rule: 'a number of checks a second, or <provider>=<rate> pairs' })),
  LINK_CHECK_CONCURRENCY: integer(1, 100, { rule: 'an integer from 1 to 100', default: 2 }),
  LINK_CHECK_CONFIRM_MINUTES: integer(0, 100_000, { rule: 'an integer from 0 to 100000', default: 360 }),
  LINK_CHECK_HIDE: optional(text({ rule: 'all, or a comma-separated list of provider ids' })),
  LINK_CHECK_CANARIES: optional(text({ rule: '<provider>=<share link> pairs, comma-separated' })),
  LINK_CHECK_DEAD_CEILING: Type.Number({ minimum: 0, maximum: 1, rule: 'a number from 0 to 1 (such as 0.5)', default: 0.5 }),
  LINK_CHECK_CEILING_SAMPLES: integer(1, 100_000, { rule: 'an integer from 1 to 100000', default: 500 }),
  LINK_CHECK_MAX_HIDES_PER_HOUR: integer(0, 1_000_000, { rule: 'an integer from 0 to 1000000', default: 200 }),
  LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY: Type.Number({ minimum: 0, maximum: 1, rule: 'a number from 0 to 1 (such as 0.01)', default: 0.01 }),
  LINK_CHECK_ORIGINS: optional(text({ rule: '<provider id>=<origin> pairs, comma-separated' })),
  SOURCES: onOff('on'),
  PANSOU_PATH: text({
    rule: 'a path such as /pansou (letters, digits, - and _ between slashes), or off',
    pattern: '^(off|OFF|(/[A-Za-z0-9_-]+)+)$',
    default: '/pansou',
  }),
  PANSOU_MAX_RESULTS: integer(1, 1000, { rule: 'an integer from 1 to 1000', default: 200 }),
  PANSOU_REQUIRE_KEY: onOff('off'),
  SOURCES_ALLOW_PRIVATE: text({ rule: 'a comma-separated list of addresses or CIDRs', default: '' }),
  TELEGRAM_ORIGIN: text({
    rule: 'an http(s) origin such as https://t.me (no path)',
    pattern: '^https?://[^/?#\\s]+/?$',
    default: 'https://t.me',
  }),
});

export type Environment = Static<typeof ENVIRONMENT>;
type Env = Record<string, string | undefined>;

/** The checked value of every declared variable (its default when unset or blank), or a ConfigError. */
export function readEnvironment(env: Env): Environment {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ENVIRONMENT.properties) as unknown as Array<[string, TSchema & Declared]>) {
    const raw = env[name]?.trim();
    if (!raw) {
      values[name] = schema.default;
      continue;
    }
    const value = decode(schema, raw);
    if (!Value.Check(schema, value)) throw new ConfigError(`${name} must be ${schema.rule}${schema.secret ? '' : `, got "${raw}"`}`);
    values[name] = value;
  }
  return values as Environment;
}

/** Strings are taken as they are; whole numbers only from plain digits (no `1e2`, `0x10`, `1.0`), fractions (a number schema) from digits with one point. */
function decode(schema: TSchema & { lowerCase?: boolean }, raw: string): unknown {
  const value = schema.lowerCase ? raw.toLowerCase() : raw;
  if ((schema as { type?: string }).type === 'number') return /^\d{1,15}(\.\d{1,15})?$/.test(value) ? Number(value) : value;
  return /^\d{1,15}$/.test(value) && acceptsNumbers(schema) ? Number(value) : value;
}

function acceptsNumbers(schema: TSchema): boolean {
  const { type, anyOf } = schema as { type?: string; anyOf?: TSchema[] };
  return type === 'integer' || (anyOf ?? []).some(acceptsNumbers);
}

/** Whether `name` was given a value (not unset, not blank): a default may then be told apart from a choice. */
export function isSet(env: Env, name: keyof Environment): boolean {
  return Boolean(env[name]?.trim());
}

/** The declared variables with their defaults, for the check of docs/configuration.md's table. */
export function declaredVariables(): Array<{ name: string; default: string | number | undefined }> {
  return Object.entries(ENVIRONMENT.properties).map(([name, schema]) => ({ name, default: (schema as unknown as Declared).default }));
}
