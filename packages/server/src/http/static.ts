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
export function staticSlot(prefix: string, dir: string): Middleware {
  const handler = existsSync(dir) ? serve(dir, { index: 'index.html', maxage: 0 }) : null;
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
