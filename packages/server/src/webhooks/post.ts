import http from 'node:http';
import https from 'node:https';
import { checkedLookup, ForbiddenAddressError, hostOf, isAllowedHost, judgeAddress } from './addresses';
import ipaddr from 'ipaddr.js';

// One POST to an endpoint: no redirects followed (a 3xx is a failed attempt), the whole exchange
// under a timeout, at most 1 KB of the answer kept, and the address checked as it is connected.

export const RESPONSE_KEPT_BYTES = 1024;

export interface PostResult {
  status: number;
  body: string;
  ms: number;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, opts: { allowedHosts: readonly string[]; timeoutMs: number; signal?: AbortSignal }): Promise<PostResult> {
  const url = new URL(rawUrl);
  const host = hostOf(url);
  const allowedHost = isAllowedHost(host, opts.allowedHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedHost)) return Promise.reject(new ForbiddenAddressError('Only https:// endpoints may be called'));
  if (ipaddr.isValid(host)) {
    // A literal address is never looked up: judged here.
    const verdict = judgeAddress(host);
    if (verdict === 'never' || (verdict === 'restricted' && !allowedHost)) return Promise.reject(new ForbiddenAddressError(`${host} is an address webhooks may not reach`));
  }
  const signals = [AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  const started = performance.now();
  return new Promise<PostResult>((resolve, reject) => {
    const options: http.RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: checkedLookup(allowedHost) as never,
      signal: AbortSignal.any(signals),
    };
    const req = url.protocol === 'https:' ? https.request(url, { ...options, agent: agents['https:'] }) : http.request(url, { ...options, agent: agents['http:'] });
    req.on('error', (err) => reject(signals[0]!.aborted ? new Error(`No answer within ${opts.timeoutMs / 1000} s`) : err));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: Math.round(performance.now() - started) });
      res.on('data', (chunk: Buffer) => {
        if (kept >= RESPONSE_KEPT_BYTES) return;
        const part = chunk.subarray(0, RESPONSE_KEPT_BYTES - kept);
        chunks.push(part);
        kept += part.length;
        // Enough kept: the rest is not read (and the connection not reused).
        if (kept >= RESPONSE_KEPT_BYTES) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', (err) => (kept >= RESPONSE_KEPT_BYTES ? undefined : reject(err)));
    });
    req.end(body);
  });
}
