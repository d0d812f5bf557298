import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cliDir = path.join(root, 'packages/cli');
export const BIN = path.join(cliDir, 'dist/cadence.js');

/** Builds the real `cadence` binary once, as users get it. */
export function buildCli(): void {
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsup/dist/cli-default.js')], { cwd: cliDir, stdio: 'pipe' });
  if (!existsSync(BIN)) throw new Error('the CLI build produced no dist/cadence.js');
}

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
