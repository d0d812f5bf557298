/** One JSON call to a bench server's API: the parsed answer, or an error naming the request and its status. */
export async function call(method: string, url: string, token: string | undefined, body?: unknown): Promise<any> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.status === 204 ? undefined : res.json();
}
