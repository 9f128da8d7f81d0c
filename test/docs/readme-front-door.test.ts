// The README is a front door, not a manual: at most 200 lines, and what a newcomer needs first — the port
// variables, the exempt-address tip and the test command — on its first screen (60 lines). It also says
// the two rules of the interface a client trips over: pages stop at 1000 (read a whole type from `/all`),
// and `POST /api/link-reports` is the one POST route. The reference material lives in docs/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const README = readFileSync('README.md', 'utf8');
const LINES = README.split('\n');
const FIRST_SCREEN = LINES.slice(0, 60).join('\n');

test('the README is at most 200 lines', () => {
  assert.ok(LINES.length <= 200, `README.md has ${LINES.length} lines`);
});

test('the first screen names the port variables, the exempt-address tip and the test command', () => {
  for (const name of ['PORT', 'RANKING_PORT', 'METRICS_PORT']) assert.match(FIRST_SCREEN, new RegExp(`\`${name}\``), name);
  assert.match(FIRST_SCREEN, /EXEMPT_ADDRESSES=127\.0\.0\.1 npm start/);
  assert.match(FIRST_SCREEN, /npm install && npm start/);
  assert.match(FIRST_SCREEN, /npm test/);
  assert.match(FIRST_SCREEN, /TEST_DATABASE_URL/);
  assert.match(FIRST_SCREEN, /TEST_REDIS_URL/);
  assert.match(FIRST_SCREEN, /CI=true/);
});

test('the README says pages stop at 1000 and names /all, and that POST /api/link-reports is the one POST route', () => {
  assert.match(README, /page` past 1000 is refused/);
  assert.match(README, /\/api\/contents\/\{type\}\/all/);
  assert.match(README, /`POST \/api\/link-reports` \| \*\*the one POST route\*\*/);
});

test('every docs/ file the README lists exists, and every docs/*.md is listed', () => {
  const listed = [...README.matchAll(/\]\((docs\/[^)#]+\.md)[^)]*\)/g)].map((match) => match[1] as string);
  for (const file of listed) assert.doesNotThrow(() => readFileSync(file), file);
  const all = readdirSync('docs').filter((name) => name.endsWith('.md'));
  assert.deepEqual(
    all.map((name) => `docs/${name}`).filter((file) => !listed.includes(file)),
    [],
  );
});
