import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** The SPA's strict policy: scripts only from this origin; framed only by the allowed origins. */
export function spaCsp(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self' ws: wss:",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cadence</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Cadence</h1><p>The server is running and its API answers under <code>/api</code>.
The web app has not been built into <code>packages/app/dist</code> yet.</p></body></html>`;

/** Serves a built folder under a prefix, if the folder exists; the slot is there either way. */
export function staticSlot(prefix: string, dir: string, options: serve.Options = {}): Middleware {
  const handler = existsSync(dir) ? serve(dir, { index: 'index.html', maxage: 0, ...options }) : null;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix) || ctx.path.startsWith('/api')) return next();
    if (!handler) return next();
    const original = ctx.path;
    ctx.path = original.slice(prefix.length - 1) || '/';
    try {
      await handler(ctx, next);
    } finally {
      ctx.path = original;
    }
  };
}

/** How long a browser may keep a loader (`cadence-widgets.js`, `cadence-calendar.js`) before asking again. */
export const WIDGET_LOADER_MAX_AGE = 300;

/**
 * The standalone widget scripts (packages/widgets/dist-standalone, ADR 8) under `prefix`: public
 * JavaScript any page may load, from any origin. Each script is a classic loader that imports
 * ES modules from `chunks/`, and a module fetched from another origin needs CORS, so every file
 * is sent with `Access-Control-Allow-Origin: *` (no credentials: nothing here is private).
 * Chunks have hashed names, so they are cached for a year; the loaders keep their names across
 * releases, so they are cached for minutes (a new release reaches pages that quickly).
 */
export function widgetsSlot(prefix: string, dir: string): Middleware {
  return staticSlot(prefix, dir, {
    setHeaders(res, file) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      const hashed = file.split(path.sep).includes('chunks');
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : `public, max-age=${WIDGET_LOADER_MAX_AGE}`);
      if (file.endsWith('.js')) res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      else if (file.endsWith('.map')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    },
  });
}

/** The SPA at `/`: built files, with index.html for client-side routes; a placeholder before the build. */
export function spa(dir: string, frameAncestors: readonly string[] = []): Middleware {
  const csp = spaCsp(frameAncestors);
  const built = existsSync(path.join(dir, 'index.html'));
  const files = built ? serve(dir, { index: 'index.html' }) : null;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/widgets/') || ctx.path.startsWith('/storage/')) return next();
    ctx.set('Content-Security-Policy', csp);
    if (files) {
      await files(ctx, async () => {});
      if (ctx.body !== undefined && ctx.body !== null) return;
      const indexCtxPath = ctx.path;
      ctx.path = '/';
      await files(ctx, async () => {});
      ctx.path = indexCtxPath;
      return;
    }
    ctx.type = 'html';
    ctx.body = PLACEHOLDER;
  };
}
