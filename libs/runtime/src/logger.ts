// Structured logs (pino, JSON on stdout). Secrets are redacted by key wherever they appear.
import { pino, type Logger } from 'pino';

export const redactedPaths = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'token',
  '*.token',
  'api_key',
  '*.api_key',
  'secretKey',
  '*.secretKey',
  'connectionString',
  '*.connectionString',
];

export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    level: options.level,
    base: { pid: process.pid, ...(options.name ? { name: options.name } : {}) },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  });
}
