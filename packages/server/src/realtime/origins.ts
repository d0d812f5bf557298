import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';

const originOf = (url: string) => new URL(url).origin;

/** The server's own origin (PUBLIC_URL, else the Host it was reached at) plus ALLOWED_ORIGINS. */
export function allowedOrigins(config: Config, req: { headers: IncomingMessage['headers']; secure?: boolean }): Set<string> {
  const origins = new Set(config.ALLOWED_ORIGINS.map(originOf));
  if (config.PUBLIC_URL) origins.add(originOf(config.PUBLIC_URL));
  const host = req.headers.host;
  if (host) {
    origins.add(`http://${host}`);
    origins.add(`https://${host}`);
  }
  return origins;
}

export function isAllowedOrigin(config: Config, req: { headers: IncomingMessage['headers'] }, origin: string | undefined): boolean {
  if (!origin) return true; // CLI and scripts send no Origin; they still need a token.
  try {
    return allowedOrigins(config, req).has(originOf(origin));
  } catch {
    return false;
  }
}
