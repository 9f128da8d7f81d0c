// What a newcomer pastes and installs: every `curl` in the README and docs/ quotes a URL holding `?` or `&`
// (zsh reads an unquoted `?` as a glob: "no matches found"), and every installed package with an install
// script is decided in package.json's `allowScripts`, so npm 11 prints no warning about this project.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

test('every curl line quotes a URL with ? or &', () => {
  const files = [
    'README.md',
    ...readdirSync('docs')
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('docs', name)),
  ];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/(^|\s)curl\s/.test(line)) continue;
      const unquoted = line.replace(/'[^']*'|"[^"]*"/g, '');
      assert.doesNotMatch(unquoted, /\S*(localhost|https?:\/\/)\S*[?&]/, `${file}: ${line}`);
    }
  }
});

test('allowScripts decides every installed package that has an install script', () => {
  const { allowScripts = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
  const undecided: string[] = [];
  const visit = (folder: string) => {
    if (!existsSync(folder)) return;
    for (const name of readdirSync(folder)) {
      if (name.startsWith('.')) continue;
      if (name.startsWith('@')) {
        visit(join(folder, name));
        continue;
      }
      const manifest = join(folder, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; scripts?: Record<string, string> };
      const scripts = pkg.scripts ?? {};
      // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
      const hasScript =
        ['preinstall', 'install', 'postinstall'].some((hook) => hook in scripts) || existsSync(join(folder, name, 'binding.gyp'));
      if (hasScript && !(pkg.name in allowScripts)) undecided.push(pkg.name);
      visit(join(folder, name, 'node_modules'));
    }
  };
  visit('node_modules');
  assert.deepEqual(undecided, []);
});
