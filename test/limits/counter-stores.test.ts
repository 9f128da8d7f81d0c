/**
 * The limiter's two stores count alike: the same requests through a Counter in memory (memory-windows.ts,
 * synchronous) and through a Counter on Redis (rate-limiter-flexible's Lua script) give the same answers
 * (allowed or refused, points consumed and left, first in its window), and both match
 * rate-limiter-flexible's own memory store, which memory-windows.ts replaced. Window ends are compared on
 * the memory side under a fake clock (Redis keeps its own time). Redis runs when TEST_REDIS_URL is set.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { createLogger } from '../../src/observability/logger.js';
import { Counter } from '../../src/redis/counter.js';
import { RedisLink } from '../../src/redis/redis-link.js';
import { fakeClock } from '../support/limits.js';
import { uniquePrefix } from '../support/redis.js';

const SPEC = { name: 'parity', points: 3, durationSeconds: 60 };
const KEYS = ['a', 'a', 'b', 'a', 'a', 'b', 'b', 'b', 'a', 'c'];

interface Outcome {
  allowed: boolean;
  consumed: number;
  remaining: number;
  first: boolean;
  msLeft?: number;
}

async function outcome(consumed: Promise<RateLimiterRes>, withTime: boolean): Promise<Outcome> {
  let allowed = true;
  const answer = await consumed.catch((refusal: RateLimiterRes) => {
    allowed = false;
    return refusal;
  });
  return {
    allowed,
    consumed: answer.consumedPoints,
    remaining: answer.remainingPoints,
    first: answer.isFirstInDuration,
    ...(withTime ? { msLeft: answer.msBeforeNext } : {}),
  };
}

/** The answers rate-limiter-flexible's memory store gives for `keys` (the oracle). */
async function oracle(keys: string[], withTime: boolean): Promise<Outcome[]> {
  const limiter = new RateLimiterMemory({ points: SPEC.points, duration: SPEC.durationSeconds });
  const outcomes: Outcome[] = [];
  for (const key of keys) outcomes.push(await outcome(limiter.consume(key), withTime));
  return outcomes;
}

async function through(counter: Counter, keys: string[], withTime: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const key of keys) outcomes.push(await outcome(counter.consume(key), withTime));
  return outcomes;
}

describe('the limiter stores count alike', () => {
  test('memory: the same answers as rate-limiter-flexible, window ends included (fake clock)', async () => {
    const clock = fakeClock();
    try {
      const counter = new Counter(SPEC, 'parity:', undefined);
      const limiter = new RateLimiterMemory({ points: SPEC.points, duration: SPEC.durationSeconds });
      // Side by side through two windows: inside one, at its last millisecond, at its end and after.
      for (const at of [0, 0, 10, 10, 30_000, 59_999, 60_000, 60_001, 60_002, 60_003, 119_999, 120_000]) {
        clock.at(at);
        for (const key of ['a', 'b']) {
          const [mine, theirs] = [await outcome(counter.consume(key), true), await outcome(limiter.consume(key), true)];
          assert.deepEqual(mine, theirs, `${key} at ${at} ms`);
        }
      }
    } finally {
      clock.restore();
    }
  });

  test('memory: the same answers as rate-limiter-flexible over many keys', async () => {
    const counter = new Counter(SPEC, 'parity:', undefined);
    assert.deepEqual(await through(counter, KEYS, false), await oracle(KEYS, false));
  });

  describe('Redis', { skip: process.env.TEST_REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
    let link: RedisLink;
    before(async () => {
      link = await RedisLink.open(process.env.TEST_REDIS_URL as string, { commandTimeoutMs: 1000 }, createLogger('silent'));
    });
    after(() => link.close());

    test('the same answers as memory and as rate-limiter-flexible', async () => {
      const shared = new Counter(SPEC, uniquePrefix('parity'), link);
      const memory = new Counter(SPEC, 'parity:', undefined);
      const expected = await oracle(KEYS, false);
      assert.deepEqual(await through(shared, KEYS, false), expected);
      assert.deepEqual(await through(memory, KEYS, false), expected);
    });
  });
});
