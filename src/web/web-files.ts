/**
 * Where the page's templates and static files live: beside this module, in `src/web/` and, copied by
 * the build, in `dist/src/web/` (shared/source-files.ts).
 */
import { sourceFile } from '../shared/source-files.js';

export const VIEWS_DIRECTORY = sourceFile(import.meta.url, 'views');
export const ASSETS_DIRECTORY = sourceFile(import.meta.url, 'assets');
