import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { forbidden } from '../errors';
import { isAllowedOrigin } from './origins';
import type { Services } from '../services';

/**
 * Browsers may call the API only from the site's own origin (PUBLIC_URL) and ALLOWED_ORIGINS (the
 * intranet pages that embed widgets), never from an origin named by the request's own headers. A request from any other origin is refused outright
 * instead of merely lacking CORS headers. Clients without an Origin (CLI, scripts) pass.
 */
export function corsForAllowedOrigins(s: Services): Middleware {
  const headers = cors({
    origin: (ctx) => ctx.get('Origin'),
    allowHeaders: ['Authorization', 'Content-Type', 'If-Match'],
    exposeHeaders: ['ETag', 'Retry-After', 'X-Next-Cursor', 'X-Request-Id', 'X-Replan', 'X-Rule-Warnings'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api')) return next();
    const origin = ctx.get('Origin');
    if (origin && !isAllowedOrigin(s.site, origin)) throw forbidden(`Requests from ${origin} are not allowed`);
    return headers(ctx, next);
  };
}
