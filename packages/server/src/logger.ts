import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs for machines; on a terminal they are pretty-printed for people
 * unless LOG_FORMAT=json.
 */
export function createLogger(level: string, pretty = process.stdout.isTTY && process.env.LOG_FORMAT !== 'json'): Logger {
  return pino({
    level,
    base: { service: 'cadence' },
    redact: ['req.headers.authorization', '*.password_hash', '*.token', '*.refresh_token'],
    ...(pretty && level !== 'silent'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,service', translateTime: 'HH:MM:ss' } } }
      : {}),
  });
}
