import { readFileSync } from 'node:fs';
import { CadenceApiError, createHttpClient } from '@cadence/core';
import { clearStoredConfig, readStoredConfig, writeStoredConfig } from '../config-store';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

export async function login(ctx: CommandContext, opts: { email?: string; passwordStdin?: boolean }): Promise<void> {
  const stored = readStoredConfig(ctx.env);
  const apiUrl = (ctx.globals.apiUrl ?? ctx.env.CADENCE_API_URL ?? (await ctx.prompt.input('Cadence server URL', stored.apiUrl ?? 'http://localhost:8787'))).replace(/\/+$/, '');
  const email = opts.email ?? (await ctx.prompt.input('E-mail', stored.email));
  const password = opts.passwordStdin ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : await ctx.prompt.password('Password');
  let session;
  try {
    session = await createHttpClient({ apiUrl }).auth.signIn(email, password);
  } catch (err) {
    if (err instanceof CadenceApiError && err.status === 401) throw new CliError(`Sign-in failed: ${err.message}`);
    throw err;
  }
  writeStoredConfig(
    { apiUrl, email: session.user.email, refreshToken: session.refresh_token, accessToken: session.access_token, expiresAt: session.expires_at },
    ctx.env,
  );
  ctx.out.success(`Signed in to ${apiUrl} as ${session.user.email}`);
}

export async function logout(ctx: CommandContext): Promise<void> {
  const stored = readStoredConfig(ctx.env);
  if (stored.refreshToken && stored.apiUrl) {
    // Ends the session on the server too; a server that cannot be reached does not stop the local sign-out.
    await clientFor({ apiUrl: stored.apiUrl, stored }, ctx.env).auth.signOut().catch(() => {});
  }
  clearStoredConfig(ctx.env);
  ctx.out.success(stored.email ? `Signed out ${stored.email}` : 'Signed out');
}

export async function whoami(ctx: CommandContext): Promise<void> {
  const target = resolveTarget(ctx.globals, ctx.env);
  const me = await clientFor(target, ctx.env).auth.user();
  ctx.out.result({ server: target.apiUrl, ...me }, () => [
    ...table([
      ['Server', target.apiUrl],
      ['User', me.user.email],
      ['Role', me.role ?? 'none'],
      ['Signed in with', target.accessKey ? 'access key' : 'session'],
    ]),
    `Permissions: ${me.permissions.length ? me.permissions.map((p) => (p.channel ? `${p.permission_type}:${p.channel}` : p.permission_type)).join(', ') : 'none'}`,
  ]);
}
