/**
 * A failure to start that the operator can fix (a database that cannot be opened, a port in use): its
 * message is the one line the command line prints (docs/commands.md, "Command line"), never a stack trace.
 */
export class StartupError extends Error {}

/** The reason an error gives, as one line: an AggregateError (one per address tried) by its parts. */
export function oneLineReason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map((part) => oneLineReason(part)))].join('; ');
  }
  const message = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error);
  return message.split('\n')[0]?.trim() ?? '';
}
