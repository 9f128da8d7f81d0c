/** Shared by the suites that run against a real Redis: key prefixes of their own, and the link's state as an event. */
import type { RedisLink } from '../../src/redis/redis-link.js';

/** A Redis key prefix no other test run uses. */
export function uniquePrefix(name: string): string {
  return `dramadex-test:${name}:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}:`;
}

/** Resolves once the instance's link is in the wanted state (it says so with an event). */
export function linkState(link: RedisLink | undefined, up: boolean): Promise<void> {
  if (!link) throw new Error('the instance has no Redis link');
  if (link.up === up) return Promise.resolve();
  return new Promise((resolve) => link.once(up ? 'up' : 'down', () => resolve()));
}
