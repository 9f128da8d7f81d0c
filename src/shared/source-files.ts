/**
 * Where files that are not TypeScript live (templates, assets, demo content): beside the module that reads
 * them. In the checkout they are in `src/<folder>/`; the build copies every one of them to the same place
 * under `dist/src/` (scripts/copy-runtime-files.js), so a compiled module finds them beside itself too, and
 * what ships is `dist/src/` alone: nothing reads `src/` at run time (docs/deployment.md, "What ships").
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of `name` in the folder of the module at `moduleUrl` (pass `import.meta.url`). */
export function sourceFile(moduleUrl: string, name: string): string {
  return join(dirname(fileURLToPath(moduleUrl)), name);
}
