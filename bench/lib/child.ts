import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A peer server in its own process (tsx), which prints {"port":…} once listening. */
export async function startPeerProcess(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, script), ...args], {
    cwd: benchDir,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve((JSON.parse(String(d)) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await ended;
    },
  };
}
