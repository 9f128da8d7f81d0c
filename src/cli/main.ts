/**
 * The `dramadex` command line (docs/commands.md, "Command line"). Every command exits 0 on success and non-zero
 * with a one-line reason on failure; secrets it creates are printed alone on the last line.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { StartupError } from '../boot/startup-error.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { OperationRefused } from '../operations/operation-refused.js';
import { registerAdminCommands } from './admin-commands.js';
import { CliError } from './errors.js';
import { registerLifecycleCommands } from './lifecycle-commands.js';
import { registerLimitsCommands } from './limits-commands.js';
import { registerLinksCommands } from './links-commands.js';
import { parseType } from './parse-type.js';
import { registerRankingCommands } from './ranking-commands.js';
import { useReadableHelp } from './readable-help.js';
import { registerSourcesCommands } from './sources-commands.js';

export async function main(argv: string[]): Promise<number> {
  endQuietlyOnClosedPipe();
  const program = new Command('dramadex')
    .description('Short-drama content catalogue and hot-ranking service')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('serve')
    .description('serve the catalogue (PORT) and rankings (RANKING_PORT)')
    .option('--demo', 'load the bundled demo data set when the database is empty')
    // Loaded on use: the server's modules (Fastify, the search index) would slow every other command.
    .action(async (options: { demo?: boolean }) => {
      const { serveCommand } = await import('./serve-command.js');
      await serveCommand(loadConfig(), options.demo === true);
    });

  program
    .command('import')
    .description('add or update catalogue entries from NDJSON, CSV or a JSON array')
    .argument('<file>', 'the file to import')
    .option('--replace', "afterwards the catalogue (or --type) holds exactly the file's valid rows")
    .option('--type <type>', 'with --replace: replace only this type (rows of other types are rejected)')
    .option('--strict', 'fail (exit 1, nothing imported) when any row is rejected')
    .option('--format <format>', "ndjson, csv or json (default: the file's extension, else its first character)")
    .action(async (file: string, options: { replace?: boolean; type?: string; strict?: boolean; format?: string }) => {
      if (options.type !== undefined && !options.replace) throw new CliError('--type is only for --replace');
      const type = options.type === undefined ? undefined : parseType(options.type);
      const { importCommand } = await import('./import-command.js');
      await importCommand(loadConfig(), file, {
        replace: options.replace === true,
        type,
        strict: options.strict === true,
        format: options.format,
      });
    });

  registerRankingCommands(program);
  registerLimitsCommands(program);
  registerLifecycleCommands(program);
  registerSourcesCommands(program);
  registerLinksCommands(program);
  registerAdminCommands(program);
  useReadableHelp(program);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const known =
      error instanceof CliError || error instanceof ConfigError || error instanceof StartupError || error instanceof OperationRefused;
    process.stderr.write(`dramadex: ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    return 1;
  }
}

/**
 * A reader that closes the pipe early (`dramadex takedown list | head`) has what it wanted: the rest of the
 * output is dropped and the command ends as it would have, without an EPIPE stack. Any other output error
 * stays fatal. (`export` also stops reading the store at that moment: export-command.ts.)
 */
function endQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/** The installed package's version, read from its package.json (two folders up from src/cli and dist/src/cli alike). */
function packageVersion(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    try {
      const parsed = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (parsed.name === 'dramadex' && parsed.version) return parsed.version;
    } catch {
      // not at this level
    }
  }
  return 'unknown';
}
