import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds: number;
  /** Seconds of unmeasured load first, for the JIT, pools and caches. */
  warmup?: number;
}

/** autocannon on loopback; its per-second samples give the rate, its histogram the latency. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const base = { url: options.url, headers: options.headers ?? {}, connections: options.connections ?? 100, pipelining: 1 };
  if (options.warmup) await autocannon({ ...base, duration: options.warmup });
  const r = await autocannon({ ...base, duration: options.seconds });
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  };
}
