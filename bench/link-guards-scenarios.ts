/**
 * Why this exists: the five verdict streams of issue 43 that the guard simulation (link-guards.ts) runs,
 * each a pure function of the link, the hours since the stream's start and whether the link is genuinely
 * dead, with a seeded random source per run so every run and store sees the same stream.
 */
import { seededRandom } from '../src/demo/seeded-random.js';

export type StreamAnswer = (link: number, hours: number, genuinelyDead: boolean) => 'alive' | 'dead';

export interface GuardScenario {
  name: string;
  /**
   * Hours the stream runs after its start (after the warm-up, when there is one), given the hours of one
   * pass over the catalogue at the provider's rate: long enough for that first pass (never-checked links
   * come before confirmations) and for the confirmations 6 h after it; after that the guards hold, and more
   * hours would only repeat suspect confirmations.
   */
  hours(passHours: number): number;
  /** 1 for each genuinely dead link. */
  genuinelyDead(links: number): Uint8Array;
  /** A fresh answer function (its own random source). */
  stream(): StreamAnswer;
  /** A normal month comes first (link-guards.ts compresses it). */
  warmUp?: boolean;
  /** `links breaker allow <provider> --hours <n>` at the stream's start. */
  allowHours?: number;
}

/** A catalogue in normal use: a twentieth of its links are really gone. */
const NORMAL_DEAD_SHARE = 0.05;
const OLD_DEAD_SHARE = 0.6;
const WEEK_HOURS = 7 * 24;
/** The flapping provider answers honestly for this many hours, then `dead` to everything for as long:
 * a 6-hour period, the worst case for a 6-hour confirmation (a first and a second `dead` land in bad spells). */
const FLAP_HOURS = 3;

const truthful: StreamAnswer = (_, __, dead) => (dead ? 'dead' : 'alive');

export const GUARD_SCENARIOS: readonly GuardScenario[] = [
  {
    name: 'all-dead from the first check',
    hours: (pass) => pass + 8,
    genuinelyDead: (links) => share(links, NORMAL_DEAD_SHARE),
    stream: () => () => 'dead',
  },
  {
    name: 'slow drift to all-dead over a week',
    hours: () => WEEK_HOURS + 12,
    genuinelyDead: (links) => share(links, NORMAL_DEAD_SHARE),
    stream: () => {
      const random = seededRandom(43);
      return (_, hours, dead) => (dead || random() < hours / WEEK_HOURS ? 'dead' : 'alive');
    },
  },
  {
    name: 'sudden switch after a normal month',
    hours: (pass) => pass + 8,
    warmUp: true,
    genuinelyDead: (links) => share(links, NORMAL_DEAD_SHARE),
    stream: () => () => 'dead',
  },
  {
    name: '60% genuinely dead old catalogue',
    hours: (pass) => pass + 12,
    genuinelyDead: (links) => share(links, OLD_DEAD_SHARE),
    stream: () => truthful,
  },
  {
    name: '60% genuinely dead old catalogue, allowed for 48 h',
    hours: (pass) => pass + 12,
    allowHours: 48,
    genuinelyDead: (links) => share(links, OLD_DEAD_SHARE),
    stream: () => truthful,
  },
  {
    name: 'flapping provider (3 h honest, 3 h all-dead)',
    hours: (pass) => pass + 12,
    genuinelyDead: (links) => share(links, NORMAL_DEAD_SHARE),
    stream: () => (link, hours, dead) => (Math.floor(hours / FLAP_HOURS) % 2 === 1 ? 'dead' : truthful(link, hours, dead)),
  },
];

/** Every link whose index falls in the share, spread evenly (link i is dead when i·share crosses an integer). */
function share(links: number, part: number): Uint8Array {
  const dead = new Uint8Array(links);
  for (let link = 0; link < links; link++) dead[link] = Math.floor((link + 1) * part) > Math.floor(link * part) ? 1 : 0;
  return dead;
}
