/** A `--type` option of a command: one of the six identifiers, or the legacy alias. */
import { CONTENT_TYPES, type ContentType, resolveContentType } from '../shared/content-types.js';
import { CliError } from './errors.js';

export function parseType(value: string): ContentType {
  const type = resolveContentType(value.trim());
  if (!type) throw new CliError(`unknown type "${value}": use one of ${CONTENT_TYPES.join(', ')} (or baidu)`);
  return type;
}
