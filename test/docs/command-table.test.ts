/**
 * The command table of docs/commands.md names every command the command line has: each top-level command and each
 * command of a group (`dramadex admin add`, `key revoke`, …), read from `dramadex --help` and each group's
 * `--help` as operators see them (a real process), appears in a row of the table (as `dramadex <command>`,
 * or `` `<command>`` in a row that already names its group).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runCli } from '../support/cli.js';

/** The command names under "Commands:" in a help text. */
function commandsOf(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1] as string).filter((name) => name !== 'help');
}

function commandTable(): string {
  const commands = readFileSync('docs/commands.md', 'utf8');
  const section = commands.split(/^## Command line$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .join('\n');
}

test('every command is in the command table of docs/commands.md', async () => {
  const top = await runCli(['--help'], {});
  const table = commandTable();
  const groups = await Promise.all(
    commandsOf(top.stdout).map(async (name) => {
      const children = commandsOf((await runCli([name, '--help'], {})).stdout);
      return children.length > 0 ? children.map((child) => `${name} ${child}`) : [name];
    }),
  );
  const seen = groups.flat();
  const missing = seen.filter((path) => !table.includes(`dramadex ${path}`) && !table.includes(`\`${path}`));
  assert.ok(seen.includes('admin add') && seen.includes('admin remove'), `the help was read (${seen.join(', ')})`);
  assert.deepEqual(missing, [], 'add these commands to docs/commands.md, "Command line"');
});
