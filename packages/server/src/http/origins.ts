import type { Config } from '../config';

/**
 * Where this Cadence lives, and which origins may call it from a browser. Worked out from the
 * configuration alone: `Host`, `Origin` and `X-Forwarded-*` are the client's to set, so an origin
 * derived from them would let anyone name their own site as ours (a password-reset link mailed to
 * an attacker's page, CORS and WebSocket access from it).
 */
export interface Site {
  /** The site's URL without a trailing slash: the base of every link the server mails or returns. */
  readonly url: string;
  /** The site's origins plus ALLOWED_ORIGINS: the only origins CORS, WebSockets and mailed links accept. */
  readonly origins: ReadonlySet<string>;
  /** False when PUBLIC_URL is unset and the development default (localhost on the listening port) is used. */
  readonly configured: boolean;
}

export const originOf = (url: string): string => new URL(url).origin;

/**
 * PUBLIC_URL when set. Otherwise the development default: `http://localhost:PORT` for links, and
 * both `localhost` and `127.0.0.1` on that port as origins. `port` is the port actually listened on
 * (tests and `PORT=0` pick one at random).
 */
export function siteFromConfig(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'PORT'>, port: number = config.PORT): Site {
  const allowed = config.ALLOWED_ORIGINS.map(originOf);
  if (config.PUBLIC_URL) {
    return { url: config.PUBLIC_URL.replace(/\/+$/, ''), origins: new Set([originOf(config.PUBLIC_URL), ...allowed]), configured: true };
  }
  const own = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return { url: own[0]!, origins: new Set([...own, ...allowed]), configured: false };
}

/** Whether a browser's `Origin` is one of the site's. Clients without one (CLI, scripts) pass: they still need a token. */
export function isAllowedOrigin(site: Site, origin: string | undefined): boolean {
  if (!origin) return true;
  try {
    return site.origins.has(originOf(origin));
  } catch {
    return false;
  }
}
