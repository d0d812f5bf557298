import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, ssoErrorMessage } from '@cadence/core';
import { readStoredConfig, writeStoredConfig } from '../config-store';
import type { CommandContext } from '../context';
import { CliError } from '../errors';

const TIMEOUT_MS = 5 * 60_000;

/** The platform's "open this URL" command; failing is fine, the URL is printed too. */
function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no browser here: the printed URL is the way
  }
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

/**
 * `cadence login --sso` (RFC 8252): a one-shot server on 127.0.0.1 receives the redirect after
 * the provider's sign-in. The server hands it a one-time code that is worth nothing without the
 * secret whose hash this command sent at the start, so another program seeing the redirect
 * cannot use it.
 */
export async function loginSso(ctx: CommandContext, opts: { browser?: boolean }): Promise<void> {
  const stored = readStoredConfig(ctx.env);
  const apiUrl = (ctx.globals.apiUrl ?? ctx.env.CADENCE_API_URL ?? (await ctx.prompt.input('Cadence server URL', stored.apiUrl ?? 'http://localhost:8787'))).replace(/\/+$/, '');
  const api = createHttpClient({ apiUrl });
  const providers = await api.auth.providers();
  if (!providers.sso) throw new CliError(`${apiUrl} has no single sign-on set up; use cadence login with your e-mail and password`);

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  let settle!: (r: { code?: string; error?: string }) => void;
  const outcome = new Promise<{ code?: string; error?: string }>((resolve) => (settle = resolve));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.statusCode = 404;
      return res.end();
    }
    const code = url.searchParams.get('sso_code') ?? undefined;
    const error = url.searchParams.get('sso_error') ?? undefined;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(code ? page('Signed in', 'You can close this tab and return to the terminal.') : page('Not signed in', ssoErrorMessage(error)));
    settle({ code, error: code ? undefined : (error ?? 'provider_error') });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  const start = `${apiUrl}/api/auth/sso/start?${new URLSearchParams({ redirect_uri: redirectUri, code_challenge: challenge })}`;
  ctx.out.info(`Sign in with ${providers.sso.name} in your browser. If it does not open, open this address:\n\n  ${start}\n`);
  if (opts.browser !== false) openBrowser(start);

  const timer = setTimeout(() => settle({ error: 'timeout' }), TIMEOUT_MS);
  try {
    const result = await outcome;
    if (result.error === 'timeout') throw new CliError('Gave up waiting for the browser sign-in after 5 minutes');
    if (!result.code) throw new CliError(`Sign-in failed: ${ssoErrorMessage(result.error)}`);
    const session = await api.auth.exchangeSsoCode(result.code, verifier);
    writeStoredConfig(
      { apiUrl, email: session.user.email, refreshToken: session.refresh_token, accessToken: session.access_token, expiresAt: session.expires_at },
      ctx.env,
    );
    ctx.out.success(`Signed in to ${apiUrl} as ${session.user.email} (${providers.sso.name})`);
  } finally {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
  }
}
