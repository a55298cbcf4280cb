import pino from 'pino';
import type { LogLevel } from './config.js';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; the request id is bound per request by the facade. */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service: 'sentinel', ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.secret'], censor: '[redacted]' },
  });
}
