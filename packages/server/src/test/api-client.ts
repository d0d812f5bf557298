import http from 'node:http';

/** A response as tests read it: the body parsed when it is JSON, else its text. */
export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is. */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * The tests' one way to call the API over HTTP: a server of the in-process harness
 * (`harness.ts`), or a server process (`server-process.ts`).
 */
export function apiClient(base: string) {
  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }
  /** Signs up (the first account becomes admin) and signs in; returns the session. */
  async function signUpAndIn(email: string, password = 'correct horse') {
    const up = await call('POST', '/api/auth/signup', { body: { email, password } });
    if (up.status !== 201) throw new Error(`sign-up ${email}: ${up.status} ${JSON.stringify(up.body)}`);
    const inn = await call('POST', '/api/auth/signin', { body: { email, password } });
    if (inn.status !== 200) throw new Error(`sign-in ${email}: ${inn.status} ${JSON.stringify(inn.body)}`);
    return { token: inn.body.access_token as string, refresh: inn.body.refresh_token as string, userId: inn.body.user.id as string };
  }
  return { call, signUpAndIn };
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * A request with exactly the given headers and bytes, over node:http: unlike fetch it sends a
 * forged `Host`, and no Content-Type unless one is given.
 */
export function rawCall(base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Reply> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent: keepAlive, host: target.hostname, port: target.port, method, path, headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          if ((res.headers['content-type'] ?? '').includes('json') && text) parsed = JSON.parse(text);
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve({ status: res.statusCode ?? 0, headers: out, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
