#!/usr/bin/env node
// The files the server reads at run time that are not TypeScript (templates, stylesheets, browser scripts,
// demo content): every file under src/ whose name does not end in `.ts`, copied to the same place under
// dist/src/ beside the compiled module that reads it (shared/source-files.ts). One rule for every folder,
// so a new `views/`, `assets/` or `content/` folder ships without a list to edit. Run after each compile
// (`npm run build`, `npm test`); a runtime file whose source was deleted is removed from dist/src/ too.
// What ships is then dist/src/ alone (package.json `files`): the image, `npm pack` and `npx dramadex`
// carry the same set (docs/deployment.md, "What ships").
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Relative paths (with `/`) of every file under `folder`. */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(folder.length + 1)
        .split('\\')
        .join('/'),
    );
}

/** Every runtime file under src/, relative to src/. */
export function runtimeFiles(root = ROOT) {
  return filesUnder(join(root, 'src'))
    .filter((file) => !file.endsWith('.ts'))
    .sort();
}

export function copyRuntimeFiles(root = ROOT) {
  const source = join(root, 'src');
  const target = join(root, 'dist', 'src');
  const wanted = runtimeFiles(root);
  for (const file of wanted) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(source, file), join(target, file));
  }
  // A file in dist/src/ with neither a runtime source nor a TypeScript one (x.js, x.js.map from x.ts) is left over.
  for (const file of filesUnder(target)) {
    const compiledFrom = file.replace(/\.js(\.map)?$/, '.ts');
    if (!existsSync(join(source, file)) && !existsSync(join(source, compiledFrom))) rmSync(join(target, file));
  }
  return wanted;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) copyRuntimeFiles();
