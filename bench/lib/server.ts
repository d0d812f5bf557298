import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverBin = path.join(repoRoot, 'packages/server/dist/bin.js');

export interface BenchServer {
  url: string;
  dataDir: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** PostgreSQL; PGlite in a fresh DATA_DIR when absent. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  args?: string[];
  /** Flags for node itself, e.g. --cpu-prof when profiling. */
  nodeArgs?: string[];
}

/**
 * The built server (`node packages/server/dist/bin.js start`), as production runs it: benchmarks
 * measure the shipped code, never tsx's on-the-fly transpiling.
 */
export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  if (!existsSync(serverBin)) throw new Error(`${serverBin} is missing: run \`pnpm build\` first (\`pnpm bench\` does)`);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'cadence-bench-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverBin, 'start', ...(options.args ?? [])], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // Benchmarks hammer sign-in and sign-up from one address; the limits are measured elsewhere.
      RATE_SIGNIN_PER_IP: '1000000',
      RATE_SIGNIN_PER_EMAIL: '1000000',
      RATE_SIGNUP_PER_IP: '1000000',
      DATABASE_URL: options.databaseUrl ?? '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s: ${out}`)), 60_000);
    const onData = () => {
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    dataDir,
    pid: child.pid!,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
