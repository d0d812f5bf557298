import { CadenceApiError, createHttpClient, type CadenceAdminClient } from '@cadence/core';
import { readStoredConfig, writeStoredConfig, type StoredConfig } from './config-store';
import { CliError, usageError } from './errors';

export interface GlobalOptions {
  apiUrl?: string;
  token?: string;
  json?: boolean;
  yes?: boolean;
}

export interface Target {
  apiUrl: string;
  /** An access key from --token or CADENCE_TOKEN. */
  accessKey?: string;
  stored: StoredConfig;
}

/** Flags override the environment, which overrides the stored login. */
export function resolveTarget(opts: GlobalOptions, env: NodeJS.ProcessEnv = process.env): Target {
  const stored = readStoredConfig(env);
  const apiUrl = opts.apiUrl ?? env.CADENCE_API_URL ?? stored.apiUrl;
  if (!apiUrl) throw usageError('No server given: run `cadence login`, pass --api-url, or set CADENCE_API_URL');
  try {
    new URL(apiUrl);
  } catch {
    throw usageError(`--api-url "${apiUrl}" is not a URL such as https://cadence.example.com`);
  }
  const accessKey = opts.token ?? env.CADENCE_TOKEN;
  return { apiUrl: apiUrl.replace(/\/+$/, ''), ...(accessKey ? { accessKey } : {}), stored };
}

/**
 * A client for the target server: with an access key when one is given, otherwise with the
 * stored session, refreshed silently when its access token is about to expire, or when the
 * server refuses it anyway (the client renews once on a 401 and sends the request again).
 */
export function clientFor(target: Target, env: NodeJS.ProcessEnv = process.env): CadenceAdminClient {
  if (target.accessKey) return createHttpClient({ apiUrl: target.apiUrl, accessKey: target.accessKey });
  const stored = target.stored;
  if (!stored.refreshToken || stored.apiUrl?.replace(/\/+$/, '') !== target.apiUrl) {
    throw new CliError(`Not signed in to ${target.apiUrl}: run \`cadence login\`, or set CADENCE_TOKEN to an access key`);
  }
  let current = stored;
  const anonymous = createHttpClient({ apiUrl: target.apiUrl });
  /** A new access token for the stored refresh token, whose successor is stored (each works once). */
  const refreshToken = async () => {
    try {
      const session = await anonymous.auth.refresh(current.refreshToken!);
      current = { ...current, refreshToken: session.refresh_token, accessToken: session.access_token, expiresAt: session.expires_at };
      writeStoredConfig(current, env);
      return current.accessToken;
    } catch (err) {
      if (err instanceof CadenceApiError && err.status === 401) {
        throw new CliError('Your session has ended: run `cadence login` again');
      }
      throw err;
    }
  };
  const getToken = async () =>
    current.accessToken && (current.expiresAt ?? 0) - 60 > Date.now() / 1000 ? current.accessToken : refreshToken();
  return createHttpClient({ apiUrl: target.apiUrl, getToken, refreshToken });
}
