import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_LOADER_MAX_AGE, widgetsSlot } from './static';

// The standalone scripts' folder as `vite build -c vite.standalone.config.ts` leaves it: two
// classic loaders, their ES chunks (hashed names) and Vite's manifest.
describe('the standalone widgets at /widgets/ (ADR 8)', () => {
  let dir = '';
  let url = '';
  let server: ReturnType<Koa['listen']>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cadence-widgets-'));
    mkdirSync(path.join(dir, 'chunks'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'cadence-calendar.js'), "(()=>{import('./chunks/cadence-calendar-AbC123.js')})();");
    writeFileSync(path.join(dir, 'chunks/cadence-calendar-AbC123.js'), "import './define-XyZ789.js';");
    writeFileSync(path.join(dir, 'chunks/cadence-calendar-AbC123.js.map'), '{"version":3}');
    writeFileSync(path.join(dir, '.vite/manifest.json'), '{}');
    const app = new Koa();
    app.use(widgetsSlot('/widgets/', dir));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/widgets`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // A page on another origin imports the chunks as modules: CORS mode, Origin sent.
  const get = (file: string) => fetch(`${url}/${file}`, { headers: { Origin: 'https://intranet.example' } });

  it('sends the loader as JavaScript to any origin, cached for minutes', async () => {
    const res = await get('cadence-calendar.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${WIDGET_LOADER_MAX_AGE}`);
  });

  it('sends the hashed chunks as JavaScript to any origin, cached for a year', async () => {
    const res = await get('chunks/cadence-calendar-AbC123.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('define-XyZ789');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const map = await get('chunks/cadence-calendar-AbC123.js.map');
    expect(map.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(map.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves nothing else: a missing chunk or the build manifest is not found', async () => {
    expect((await get('chunks/nope-000.js')).status).toBe(404);
    expect((await get('.vite/manifest.json')).status).toBe(404);
  });
});
