#!/usr/bin/env node
// `npm test`: compile, then run every compiled *.test.js under dist/test with node's test runner.
// Suites that need PostgreSQL or Redis run only when TEST_DATABASE_URL / TEST_REDIS_URL are set;
// this script says plainly which ones it did not run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const only = process.argv.slice(2);
const files = readdirSync('dist/test', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.js'))
  .filter((file) => only.length === 0 || only.some((part) => file.includes(part)))
  .map((file) => join('dist/test', file))
  .sort();

for (const [variable, what] of [
  ['TEST_DATABASE_URL', 'PostgreSQL'],
  ['TEST_REDIS_URL', 'Redis'],
]) {
  if (!process.env[variable]) console.log(`note: ${variable} is not set, so the ${what} suites were not run`);
}

const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
