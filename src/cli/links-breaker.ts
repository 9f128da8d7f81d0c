/**
 * `dramadex links breaker [reset <provider>]` (docs/link-health.md, "Guards"): each provider's guards as
 * the whole deployment shares them (breaker, pause, rate, canary, hides this hour), and `reset`, which
 * closes a provider's breaker and lifts its pause once an operator has seen (with `links probe`) that its
 * dead verdicts are real again, or that a fix has landed.
 */

import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
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
    .description("each provider's breaker, pause, rate and canary; `reset <provider>` closes its breaker and lifts its pause")
    .argument('[action]', 'reset')
    .argument('[provider]', 'the provider to reset')
    .action(async (action: string | undefined, providerText: string | undefined) => {
      if (action !== undefined && action !== 'reset')
        throw new CliError(`unknown action "${action}": use \`links breaker\` or \`links breaker reset <provider>\``);
      const provider = parseProvider(providerText);
      if (action === 'reset' && !provider) throw new CliError('`links breaker reset` needs a provider');
      const config = loadConfig();
      await withDatabase(config, async (database) => {
        const guards = new ProviderGuards(database, config.links);
        if (provider) {
          // The console's reset: the same guards, with its audit row in the same transaction.
          await createOperations({ config, database }).links.resetBreaker(CLI_ACTOR, provider);
          write(`${provider}: breaker closed, pause lifted`);
        }
        write(
          ['provider', 'breaker', 'paused', 'rate/s', 'dead share', 'canary', 'hides/h', 'hiding']
            .map((cell) => cell.padEnd(12))
            .join('')
            .trimEnd(),
        );
        for (const state of await guards.states(Date.now())) write(breakerLine(state, Date.now()));
      });
    });
}

export function breakerLine(state: GuardState, now: number): string {
  const paused =
    state.pausedUntil > now ? `until ${new Date(state.pausedUntil).toISOString()} (${state.pauseReason ?? 'a throttle'})` : 'no';
  const canary = state.canary ? `${state.canaryVerdict ?? 'not yet'}${state.canaryReason ? ` (${state.canaryReason})` : ''}` : 'none';
  const cells = [
    state.provider,
    state.breakerOpen ? 'open' : 'closed',
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

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
