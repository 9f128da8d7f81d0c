/**
 * The process's one pino logger: both Fastify instances get it (`loggerInstance`), and the services
 * and the command line write their diagnostics through it, so every line has one format and one
 * redaction list. Secrets never reach it: the headers that carry keys and tokens, query strings (the
 * WeChat callback signs in its query) and request URLs are redacted wherever they appear.
 */
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from '../config/config.js';

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

/** Readable lines for a person at a terminal (LOG_FORMAT=auto), JSON for collectors and files. */
function readable(format: LogFormat, output: 'stdout' | 'stderr'): boolean {
  if (format !== 'auto') return format === 'pretty';
  return (output === 'stdout' ? process.stdout : process.stderr).isTTY === true;
}

/**
 * `serve` logs to stdout, where a container runtime or a process manager collects it; every other
 * command logs to stderr, since its own result (a key, a token, counts) is plain text on stdout.
 */
export type LogOutput = 'stdout' | 'stderr' | DestinationStream;

export function createLogger(level: string, output: LogOutput = 'stdout', format: LogFormat = 'json'): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (typeof output === 'string' && readable(format, output)) {
    // pino-pretty as a stream on this thread (not a worker transport), so nothing is lost at exit.
    return pino(
      options,
      pretty({ destination: output === 'stdout' ? 1 : 2, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
    );
  }
  if (output === 'stdout') return pino(options);
  if (output === 'stderr') return pino(options, pino.destination({ dest: 2, sync: true }));
  return pino(options, output);
}
