import { spawn } from 'node:child_process';
import { CLI_BIN, ensureCliBuilt } from './builds';

export const BIN = CLI_BIN;

/** Builds the real `cadence` binary, as users get it, unless it is newer than its sources. */
export const buildCli = (): void => ensureCliBuilt();

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built binary as a subprocess: no TTY, so no prompts, colours or progress bars. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: env.HOME ?? '/tmp', NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
