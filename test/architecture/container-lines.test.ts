// The README's container lines are the ones scripts/container-check.sh runs: the script reads them from
// README.md between the `container-check` markers and refuses a block that is not one `docker build` and
// one `docker run -d` line. That script needs a container engine, so it is not part of `npm test`; this
// keeps the block where the script looks for it, and in step with the image (deploy/Dockerfile): the
// build line names that Dockerfile, and the run line mounts the image's data volume and its port.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

test("README.md's container lines are there for scripts/container-check.sh, and match the image", () => {
  const readme = read('README.md');
  const block = /<!-- container-check: begin -->\n([\s\S]*?)<!-- container-check: end -->/.exec(readme)?.[1] ?? '';
  const lines = block.split('\n').filter((line) => line.startsWith('docker '));
  assert.equal(lines.length, 2, block);
  assert.equal(lines[0], 'docker build -f deploy/Dockerfile -t dramadex .');
  assert.match(lines[1] as string, /^docker run -d --name dramadex -p 3000:3000 -v dramadex-data:\/app\/data dramadex$/);

  const script = read('scripts/container-check.sh');
  for (const marker of ['<!-- container-check: begin -->', '<!-- container-check: end -->', 'README.md']) {
    assert.ok(script.includes(marker), marker);
  }
  const dockerfile = read('deploy/Dockerfile');
  assert.match(dockerfile, /^VOLUME \/app\/data$/m);
  assert.match(dockerfile, /^USER node$/m, 'the node user of the node images: uid 1000, as README.md says');
  assert.match(dockerfile, /^ENTRYPOINT \["\/usr\/bin\/tini", /m, 'an init in the image, so plain `docker run` stops on SIGTERM');
  assert.match(dockerfile, /^\s+PORT=3000 \\$/m);
});
