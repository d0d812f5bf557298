/**
 * The built server's Koa app with links of its middleware chain taken out, to measure what each
 * costs on `GET /api/auth/user` (suites/chain.ts). One process per variant: on Node 20 the
 * request context's AsyncLocalStorage slows every promise of the process once it is used, so a
 * variant without it must never have run it.
 * `node --import tsx chain-server.ts <variant>`, with DATABASE_URL and JWT_SECRET in the
 * environment (the database already migrated, the secret the token was signed with). Variants:
 * `full`, `without:<link>` (a link's `_name` in app.ts), `fixed-auth` (authenticate replaced by
 * the caller it resolved on the first request: the cost of the token and principal lookups) and
 * `minimal` (only the fixed caller and the routes: Koa, the router and the route kit).
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { serverBin } from '../lib/server.js';

// The shipped build, as the real server runs it; typed by its source.
const built = (await import(pathToFileURL(serverBin.replace(/bin\.js$/, 'index.js')).href)) as typeof import('../../packages/server/src/index.js');
const { createApp, createServices, loadConfig } = built;

const variant = process.argv[2] ?? 'full';
const services = createServices({ config: loadConfig({ ...process.env, LOG_LEVEL: 'warn' }) });
// Nothing but this bench writes principals while it runs: the cache may serve them without the
// LISTEN connection the real server keeps for other processes' changes.
services.principals.setLive(true);
const app = createApp(services);

type Link = Koa.Middleware & { _name?: string };
const links = app.middleware as Link[];
const named = (name: string) => {
  const link = links.find((l) => l._name === name);
  if (!link) throw new Error(`no middleware named ${name} in the app (${links.map((l) => l._name).join(', ')})`);
  return link;
};

/** The authenticate link, resolving once and then handing every request the same caller. */
function fixedAuth(): Link {
  const real = named('authenticate');
  let resolved: unknown;
  const link: Link = (ctx, next) => {
    if (resolved) {
      ctx.state.auth = resolved;
      return next();
    }
    return real(ctx, () => {
      resolved = ctx.state.auth;
      return next();
    });
  };
  link._name = 'authenticate';
  return link;
}

if (variant.startsWith('without:')) {
  named(variant.slice('without:'.length)); // fails loudly on a name app.ts no longer has
  app.middleware = links.filter((l) => l._name !== variant.slice('without:'.length));
} else if (variant === 'fixed-auth') {
  app.middleware = links.map((l) => (l._name === 'authenticate' ? fixedAuth() : l));
} else if (variant === 'minimal') {
  app.middleware = [fixedAuth(), named('routes')];
} else if (variant !== 'full') {
  throw new Error(`unknown variant ${variant}`);
}

const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once('SIGTERM', () => server.close(() => void services.db.destroy().then(() => process.exit(0))));
