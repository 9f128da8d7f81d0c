/**
 * Where the page's templates and static files live. They are not TypeScript, so the compiler does not
 * copy them to dist/: they are read from `src/web/` (shared/source-files.ts).
 */
import { sourceFile } from '../shared/source-files.js';

export const VIEWS_DIRECTORY = sourceFile(import.meta.url, 'views');
export const ASSETS_DIRECTORY = sourceFile(import.meta.url, 'assets');
