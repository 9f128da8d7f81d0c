#!/usr/bin/env node
// `npm test`: compile src, test and bench (tsconfig.test.json; `npm run build` compiles only src, what ships),
// then run every compiled *.test.js under dist/test with node's test runner.
// Suites that need PostgreSQL or Redis run only when TEST_DATABASE_URL / TEST_REDIS_URL are set;
// this script says plainly which ones it did not run (before and after the results). `.ci/run` sets both.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyRuntimeFiles } from './copy-runtime-files.js';

const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.test.json'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
copyRuntimeFiles(); // templates, assets and demo content beside the compiled modules, as they ship

// `npm test -- admin/ links/dead-ceiling.test.ts`: parts of the paths under test/ (a source's `.ts` names its compiled `.js`).
const only = process.argv.slice(2).map((part) => part.replace(/\.ts$/, '.js'));
const files = readdirSync('dist/test', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.js'))
  .filter((file) => only.length === 0 || only.some((part) => file.includes(part)))
  // dist/ may still hold tests whose source was deleted or renamed; run only those with a source.
  .filter((file) => existsSync(join('test', file.replace(/\.js$/, '.ts'))))
  .map((file) => join('dist/test', file))
  .sort();
// A filter that matches nothing is a typo, not a request for the whole suite.
if (only.length > 0 && files.length === 0) {
  console.error(`no test file under test/ matches ${only.join(', ')}`);
  process.exit(1);
}

// Which suites need a service: the files that read its variable (directly or, for PostgreSQL, through the
// harness's STORES, which every suite loops over).
const needing = (pattern) => files.filter((file) => pattern.test(readFileSync(file, 'utf8')));
const notRun = [
  [
    'TEST_DATABASE_URL',
    'postgres://postgres@127.0.0.1:5432/test',
    needing(/TEST_DATABASE_URL|STORES/),
    (suites) => `the PostgreSQL suites were not run: the [postgres] half of ${suites.length} test files (they ran on SQLite only)`,
  ],
  [
    'TEST_REDIS_URL',
    'redis://127.0.0.1:6379',
    needing(/TEST_REDIS_URL/),
    (suites) => `the Redis suites were not run: ${suites.map((file) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts')).join(', ')}`,
  ],
].filter(([variable, , suites]) => !process.env[variable] && suites.length > 0);
const browserMissing = !existsSync('/usr/bin/chromium') && files.some((file) => file.includes('browser.test'));
const report = () => {
  if (browserMissing && process.env.CI !== 'true') {
    console.log(
      'note: /usr/bin/chromium is missing, so the browser suites were skipped (apt-get install -y chromium); under CI=true they fail',
    );
  }
  for (const [variable, example, suites, describe] of notRun) {
    console.log(`note: ${variable} is not set, so ${describe(suites)}. Run them with ${variable}=${example} npm test`);
  }
};
report(); // before, so a reader of a long log sees it first, and again after the results

const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-concurrency=2', ...files], { stdio: 'inherit' });
report();
process.exit(run.status ?? 1);
