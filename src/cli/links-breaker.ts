/**
 * `dramadex links breaker [reset <provider>]` (docs/link-health.md, "Guards"): each provider's guards as
 * the whole deployment shares them (breaker, pause, rate, canary, hides this hour, the dead-rate ceiling
 * and the daily hide share), and `reset`, which
 * closes a provider's breaker and lifts its pause once an operator has seen (with `links probe`) that its
 * dead verdicts are real again, or that a fix has landed.
 */

import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { DAILY_HIDES_FLOOR, dayShareSpent, nextDay } from '../links/guards/daily-hide-share.js';
import { type GuardState, ProviderGuards } from '../links/provider-guards.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { createOperations } from '../operations/operations.js';
import { CliError } from './errors.js';
import { parseProvider } from './parse-provider.js';
import { withDatabase } from './with-database.js';

const write = (line: string) => process.stdout.write(`${line}\n`);

export function registerBreakerCommand(links: Command): void {
  links
    .command('breaker')
    .description(
      "each provider's breaker, pause, rate, canary, dead-rate ceiling and daily hide share; `reset <provider>` closes its breaker and lifts its pause; `allow <provider> --hours <n>` lets its deads hide past the ceiling and the daily share for n hours",
    )
    .argument('[action]', 'reset or allow')
    .argument('[provider]', 'the provider to reset or allow')
    .option('--hours <n>', 'with allow: how long the provider may pass the dead-rate ceiling and the daily hide share')
    .action(async (action: string | undefined, providerText: string | undefined, options: { hours?: string }) => {
      if (action !== undefined && action !== 'reset' && action !== 'allow')
        throw new CliError(
          `unknown action "${action}": use \`links breaker\`, \`links breaker reset <provider>\` or \`links breaker allow <provider> --hours <n>\``,
        );
      const provider = parseProvider(providerText);
      if (action && !provider) throw new CliError(`\`links breaker ${action}\` needs a provider`);
      if (action === 'allow' && !/^\d+$/.test(options.hours ?? ''))
        throw new CliError('`links breaker allow` needs --hours <n>, a whole number of hours');
      const config = loadConfig();
      await withDatabase(config, async (database) => {
        const guards = new ProviderGuards(database, config.links);
        // The console's operations: the same guards, with their audit row in the same transaction.
        const operations = createOperations({ config, database }).links;
        if (provider && action === 'allow') {
          const until = await operations.allowPastCeiling(CLI_ACTOR, provider, Number(options.hours));
          write(
            `${provider}: its dead verdicts may hide past the dead-rate ceiling and the daily hide share until ${new Date(until).toISOString()}`,
          );
        } else if (provider) {
          await operations.resetBreaker(CLI_ACTOR, provider);
          write(`${provider}: breaker closed, pause lifted`);
        }
        write(
          ['provider', 'breaker', 'paused', 'rate/s', 'dead share', 'canary', 'hides/h', 'hiding']
            .map((cell) => cell.padEnd(12))
            .join('')
            .trimEnd(),
        );
        const states = await guards.states(Date.now());
        for (const state of states) write(breakerLine(state, Date.now()));
        write(`dead-rate ceiling (last ${config.links.ceilingSamples} decisive verdicts):`);
        for (const state of states) write(`  ${state.provider.padEnd(10)}${ceilingCell(state, Date.now())}`);
        write(`daily hide share (${config.links.maxHiddenSharePerDay} of each provider's links a UTC day, at least ${DAILY_HIDES_FLOOR}):`);
        for (const state of states) write(`  ${state.provider.padEnd(10)}${dayShareCell(state, Date.now())}`);
      });
    });
}

export function breakerLine(state: GuardState, now: number): string {
  const paused =
    state.pausedUntil > now ? `until ${new Date(state.pausedUntil).toISOString()} (${state.pauseReason ?? 'a throttle'})` : 'no';
  const canary = state.canary ? `${state.canaryVerdict ?? 'not yet'}${state.canaryReason ? ` (${state.canaryReason})` : ''}` : 'none';
  const cells = [
    state.provider,
    state.breakerOpen ? 'open' : ceilingHolds(state, now) ? 'ceiling' : 'closed',
    state.pausedUntil > now ? 'yes' : 'no',
    `${round(state.rate)}/${round(state.baseRate)}`,
    `${round(state.recentDead)}/${round(state.trailingDead)}`,
    canary.length > 11 ? `${state.canaryVerdict ?? 'not yet'}` : canary,
    String(state.hidesThisHour),
    state.hiding ? 'yes' : 'no',
  ];
  const line = cells
    .map((cell) => cell.padEnd(12))
    .join('')
    .trimEnd();
  return state.pausedUntil > now || state.canaryReason
    ? `${line}\n  ${[paused !== 'no' ? `paused ${paused}` : '', state.canary ? `canary ${state.canary}: ${canary}` : ''].filter(Boolean).join('; ')}`
    : line;
}

/** The dead share is above the ceiling and no allowance holds: the provider's deads hide nothing. */
export function ceilingHolds(state: GuardState, now: number): boolean {
  return state.ceilingOpen && state.ceilingAllowedUntil <= now;
}

/** `dead/decisive (share) > ceiling`, and the allowance while it holds. */
export function ceilingCell(state: GuardState, now: number): string {
  const share = state.ceilingDecisive === 0 ? 0 : state.ceilingDead / state.ceilingDecisive;
  const allowed = state.ceilingAllowedUntil > now ? `, allowed until ${new Date(state.ceilingAllowedUntil).toISOString()}` : '';
  const held = ceilingHolds(state, now) ? ', hiding stopped' : '';
  return `${state.ceilingDead}/${state.ceilingDecisive} dead (${round(share)}), ceiling ${state.deadCeiling}${held}${allowed}`;
}

/** `hidden/budget hidden today`, and why more wait or may hide. */
export function dayShareCell(state: GuardState, now: number): string {
  const allowed = state.dayShareEnforced ? '' : `, allowed until ${new Date(state.ceilingAllowedUntil).toISOString()}`;
  const spent = dayShareSpent(state) ? `, spent: its other confirmed deads wait until ${new Date(nextDay(now)).toISOString()}` : '';
  return `${state.hidesToday}/${state.dayHideBudget} hidden today${spent}${allowed}`;
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
