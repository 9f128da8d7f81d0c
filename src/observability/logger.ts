/**
 * The process's one pino logger: both Fastify instances get it (`loggerInstance`), and the services
 * and the command line write their diagnostics through it, so every line has one format and one
 * redaction list. Secrets never reach it: the headers that carry keys and tokens, query strings (the
 * WeChat callback signs in its query) and request URLs are redacted wherever they appear.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.query',
  'req.url',
  'authorization',
  'apiKey',
  'token',
  'signature',
  'msg_signature',
];

/**
 * `serve` logs to stdout, where a container runtime or a process manager collects it; every other
 * command logs to stderr, since its own result (a key, a token, counts) is plain text on stdout.
 */
export type LogOutput = 'stdout' | 'stderr' | DestinationStream;

export function createLogger(level: string, output: LogOutput = 'stdout'): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (output === 'stdout') return pino(options);
  if (output === 'stderr') return pino(options, pino.destination({ dest: 2, sync: true }));
  return pino(options, output);
}
