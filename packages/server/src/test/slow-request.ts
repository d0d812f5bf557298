import http from 'node:http';

/**
 * A POST whose body arrives in two parts, so the request is in flight for as long as the test
 * likes: the first half now, the rest on `finish()`.
 */
export function slowPost(baseUrl: string, path: string, token: string, body: object) {
  const json = JSON.stringify(body);
  const half = Math.floor(json.length / 2);
  const req = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) },
  });
  const response = new Promise<{ status: number; connection: string | undefined; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(json.slice(0, half));
  return { response, finish: () => req.end(json.slice(half)) };
}

/** A GET on a connection of its own (never a pooled keep-alive one): its status, or the error code when the connection fails. */
export function getOnNewConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}
