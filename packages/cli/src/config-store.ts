import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export interface StoredConfig {
  apiUrl?: string;
  email?: string;
  refreshToken?: string;
  accessToken?: string;
  /** Seconds since the epoch. */
  expiresAt?: number;
}

/** ~/.config/cadence (or $XDG_CONFIG_HOME/cadence, or $CADENCE_CONFIG_DIR). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CADENCE_CONFIG_DIR) return env.CADENCE_CONFIG_DIR;
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'cadence');
}

const file = (env?: NodeJS.ProcessEnv) => path.join(configDir(env), 'config.json');

export function readStoredConfig(env?: NodeJS.ProcessEnv): StoredConfig {
  const f = file(env);
  if (!existsSync(f)) return {};
  try {
    return JSON.parse(readFileSync(f, 'utf8')) as StoredConfig;
  } catch {
    return {};
  }
}

/** Written with mode 600: it holds a refresh token. */
export function writeStoredConfig(config: StoredConfig, env?: NodeJS.ProcessEnv): void {
  mkdirSync(configDir(env), { recursive: true, mode: 0o700 });
  writeFileSync(file(env), `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file(env), 0o600);
}

export function clearStoredConfig(env?: NodeJS.ProcessEnv): void {
  rmSync(file(env), { force: true });
}
