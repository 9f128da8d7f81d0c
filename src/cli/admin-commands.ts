/**
 * `dramadex admin add|list|password|unlock|remove`: the console's accounts (docs/console.md, "The first
 * account"). They are made only here, on the server, never from the web. A password is read from the first
 * line of standard input with `--password-stdin` (scripts, provisioning), otherwise asked for twice on a
 * terminal without echo; with neither the command refuses rather than wait on a pipe. Changing a password
 * or removing an account ends that account's sessions on every instance (they are rows in the store).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { AccountStore, nameProblem } from '../admin/accounts.js';
import { passwordProblem } from '../admin/passwords.js';
import { isRole, type Role } from '../admin/roles.js';
import { loadConfig } from '../config/config.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import type { Database } from '../store/database.js';
import { CliError } from './errors.js';
import { withDatabase, withOperations } from './with-database.js';

/** The operations `admin` goes through, with the console's accounts store they change. */
const ACCOUNTS = { accountsOf: (database: Database) => new AccountStore(database) };

export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('operator console accounts (/admin): made only here, never from the web');
  admin
    .command('add')
    .description('create a console account; asks for the password (at least 10 characters)')
    .argument('<name>', 'the account name (letters, digits, . _ - @)')
    .option('--role <role>', 'owner (everything) or moderator (all but accounts and API keys)', 'moderator')
    .option('--password-stdin', 'read the password from the first line of standard input')
    .action(async (name: string, options: { role: string; passwordStdin?: boolean }) => {
      const problem = nameProblem(name);
      if (problem) throw new CliError(problem);
      if (!isRole(options.role)) throw new CliError(`--role must be owner or moderator, got "${options.role}"`);
      const role: Role = options.role;
      await withOperations(
        loadConfig(),
        async ({ accounts }, database) => {
          // Refused before the password is asked for; the operation checks again as it adds.
          if (await new AccountStore(database).exists(name))
            throw new CliError(`an account named ${name} exists (change its password with \`admin password\`)`);
          await accounts.add(CLI_ACTOR, name, role, await readNewPassword(options.passwordStdin === true));
          write(`created ${role} ${name}; sign in at /admin/login`);
        },
        ACCOUNTS,
      );
    });
  admin
    .command('list')
    .description('list accounts: name, role, last sign-in')
    .action(async () => {
      await withDatabase(loadConfig(), async (database) => {
        const rows = await new AccountStore(database).list();
        if (rows.length === 0) write('no console accounts (create one with `dramadex admin add <name> --role owner`)');
        for (const row of rows) write(`${row.name}\t${row.role}\tlast sign-in ${row.lastSignInAt ?? 'never'}`);
      });
    });
  admin
    .command('password')
    .description("set a new password; ends the account's sessions")
    .argument('<name>', 'the account name')
    .option('--password-stdin', 'read the password from the first line of standard input')
    .action(async (name: string, options: { passwordStdin?: boolean }) => {
      await withOperations(
        loadConfig(),
        async ({ accounts }, database) => {
          if (!(await new AccountStore(database).exists(name))) throw new CliError(`no console account is named ${name}`);
          await accounts.setPassword(CLI_ACTOR, name, await readNewPassword(options.passwordStdin === true));
          write(`changed the password of ${name}; its sessions were ended`);
        },
        ACCOUNTS,
      );
    });
  admin
    .command('unlock')
    .description('lift the sign-in lock of an account at once (after 5 failed sign-ins); audited')
    .argument('<name>', 'the account name')
    .action(async (name: string) => {
      await withOperations(loadConfig(), async ({ accounts }) => {
        await accounts.unlock(CLI_ACTOR, name);
        write(`unlocked ${name}: its next sign-in is taken on every instance`);
      });
    });
  admin
    .command('remove')
    .description('remove an account; ends its sessions')
    .argument('<name>', 'the account name')
    .action(async (name: string) => {
      await withOperations(
        loadConfig(),
        async ({ accounts }) => {
          await accounts.remove(CLI_ACTOR, name);
          write(`removed ${name}; its sessions were ended`);
        },
        ACCOUNTS,
      );
    });
}

async function readNewPassword(fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) {
    password = await firstLineOfStdin();
  } else {
    if (!process.stdin.isTTY) throw new CliError('no terminal to ask for the password on: use --password-stdin');
    password = await askHidden('password: ');
    // A password too short is refused at once, before it is typed a second time.
    const short = passwordProblem(password);
    if (short) throw new CliError(short);
    if ((await askHidden('again: ')) !== password) throw new CliError('the two passwords differ');
  }
  const problem = passwordProblem(password);
  if (problem) throw new CliError(problem);
  return password;
}

async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Asks on the terminal without echoing what is typed (readline writes nothing while `muted`). */
function askHidden(question: string): Promise<string> {
  const output = process.stderr;
  let muted = false;
  const reader = createInterface({
    input: process.stdin,
    output: new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!muted) output.write(chunk);
        done();
      },
    }),
    terminal: true,
  });
  return new Promise((resolve) => {
    reader.question(question, (answer) => {
      output.write('\n');
      reader.close();
      resolve(answer);
    });
    muted = true;
  });
}

function write(line: string): void {
  process.stdout.write(`${line}\n`);
}
