/**
 * Where files that are not TypeScript live (templates, demo content): in the sources, beside the module
 * that reads them. The compiler does not copy them to dist/, so a module compiled to `dist/src/<folder>/`
 * reads them from the checkout's (or the installed package's) `src/<folder>/`, and a module run from
 * source (tsx) from beside itself. The package ships src/ (package.json has no `files` list), so both hold
 * in an installed copy too.
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of `name` in the source folder of the module at `moduleUrl` (pass `import.meta.url`). */
export function sourceFile(moduleUrl: string, name: string): string {
  const here = dirname(fileURLToPath(moduleUrl));
  const beside = join(here, name);
  if (existsSync(beside)) return beside;
  const compiled = `${sep}dist${sep}src${sep}`;
  const at = here.lastIndexOf(compiled);
  return at < 0 ? beside : join(`${here.slice(0, at)}${sep}src${sep}${here.slice(at + compiled.length)}`, name);
}
