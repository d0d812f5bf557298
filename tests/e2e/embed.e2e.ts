import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGN_TITLES, DEMO_USERS } from '../../packages/server/src/demo/data';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { hasChromium, launchChromium } from './support/browser';
import { hasPoppler, pdfPages } from './support/pdf';
import { ensureStandaloneBuilt } from '../support/builds';
// @ts-expect-error: a plain ES module without types (the example's one-command runner).
import { renderPage } from '../../examples/intranet-embed/serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const widgetsDir = path.join(root, 'packages/widgets');
const standaloneDir = path.join(widgetsDir, 'dist-standalone');
const IMAGES = path.join(root, 'docs/images');
const DEMO_TITLES = new Set(Object.values(DEMO_CAMPAIGN_TITLES).flat());

/** A static server for the example pages on its own origin: path → HTML (or JavaScript, for a `.js` path). */
async function servePages(pages: () => Record<string, string>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const body = pages()[pathname];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': pathname.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Serves a built folder (the React example's dist). */
async function serveDir(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const rel = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/+/, '') || 'index.html';
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const viteBin = path.join(widgetsDir, 'node_modules/vite/bin/vite.js');
const production = { ...process.env, NODE_ENV: 'production' };

/** Builds the React example against this server and key (and the widgets' ESM build if missing). */
function buildReactExample(cadenceUrl: string, accessKey: string): string {
  // The example uses the published shape of the packages: widgets' ESM build, which imports core's.
  const coreDir = path.join(root, 'packages/core');
  if (!existsSync(path.join(coreDir, 'dist/index.js'))) {
    execFileSync(process.execPath, [path.join(root, 'node_modules/tsup/dist/cli-default.js')], { cwd: coreDir, stdio: 'inherit', env: production });
  }
  if (!existsSync(path.join(widgetsDir, 'dist/index.js'))) {
    execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: widgetsDir, stdio: 'inherit', env: production });
  }
  const dir = path.join(root, 'examples/react-embed');
  execFileSync(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...production, VITE_CADENCE_URL: cadenceUrl, VITE_CADENCE_ACCESS_KEY: accessKey },
  });
  return path.join(dir, 'dist');
}

/** Counts the page's realtime sockets still open (or opening). */
const WS_HOOK = () => {
  const w = window as unknown as { __sockets: WebSocket[]; WebSocket: typeof WebSocket };
  w.__sockets = [];
  const Native = w.WebSocket;
  w.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      w.__sockets.push(this);
    }
  };
};
const openSockets = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.filter((s) => s.url.includes('/api/realtime') && s.readyState <= 1).length);

/** Computed styles of elements inside a widget's shadow root. */
const widgetStyles = (page: Page, id: string) =>
  page.evaluate((id) => {
    const shadow = document.getElementById(id)!.shadowRoot!;
    const props = ['color', 'font-family', 'font-size', 'font-weight', 'letter-spacing', 'line-height', 'background-color', 'border-top-style', 'border-radius', 'padding-left', 'display', 'text-transform'];
    const pick = (el: Element | null) => (el ? Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])) : null);
    return {
      root: pick(shadow.querySelector('.cad-root')),
      title: pick(shadow.querySelector('.cad-panel__title, h2')),
      button: pick(shadow.querySelector('.cad-segmented__item')),
      pressed: pick(shadow.querySelector('.cad-segmented__item[aria-pressed="true"]')),
      chip: pick(shadow.querySelector('.cad-chip')),
    };
  }, id);

/** Computed styles of the host page's own elements. */
const pageStyles = (page: Page) =>
  page.evaluate(() => {
    const props = ['color', 'font-family', 'font-size', 'font-weight', 'line-height', 'background-color', 'margin-top', 'text-transform', 'overflow'];
    const pick = (sel: string) => Object.fromEntries(props.map((p) => [p, getComputedStyle(document.querySelector(sel)!).getPropertyValue(p)]));
    return { body: pick('body'), html: pick('html'), h1: pick('h1'), h2: pick('h2'), news: pick('#intranet-news'), sheets: document.styleSheets.length, headStyles: document.head.querySelectorAll('style, link[rel="stylesheet"]').length };
  });

describe.runIf(hasChromium)('embedding: the intranet example in Chromium', () => {
  let cadence: ServerProcess;
  let site: { server: Server; url: string };
  let other: { server: Server; url: string };
  let reactHost: { server: Server; url: string } | null = null;
  const reactDist = path.join(root, 'examples/react-embed/dist');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let key = '';
  let adminToken = '';
  const pages = (): Record<string, string> => {
    const hostile = renderPage({ cadenceUrl: cadence.url, accessKey: key });
    const noKey = renderPage({ cadenceUrl: cadence.url, accessKey: '' });
    return {
      '/': hostile,
      // The same widgets without the hostile stylesheet, and the page without the widgets.
      '/clean.html': hostile.replace(/<style>[\s\S]*?<\/style>/, ''),
      '/no-widgets.html': hostile.replace(/<script [^>]*cadence-widgets\.js[^>]*><\/script>/, ''),
      '/sign-in.html': noKey,
      // A shared header's calendar-only script, then the page's full one (both from the Cadence origin).
      '/both.html': hostile.replace(
        /<script [^>]*cadence-widgets\.js[^>]*><\/script>/,
        `<script src="${cadence.url}/widgets/cadence-calendar.js" defer></script><script src="${cadence.url}/widgets/cadence-widgets.js" defer></script>`,
      ),
      // The loader copied to a server without its chunks: its import fails.
      '/widgets/cadence-calendar.js': readFileSync(path.join(standaloneDir, 'cadence-calendar.js'), 'utf8'),
      '/broken.html': hostile.replace(/<script [^>]*cadence-widgets\.js[^>]*><\/script>/, '<script src="/widgets/cadence-calendar.js" defer></script>'),
    };
  };
  const open = async (url: string, before?: (page: Page) => void): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    await context.addInitScript(WS_HOOK);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
    before?.(page);
    await page.goto(url);
    return page;
  };
  /** The standalone files a page requested, as paths under /widgets/, with the origin they came from. */
  const widgetRequests = (page: Page) => {
    const seen: { origin: string; path: string; status: number }[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/widgets/')) seen.push({ origin: u.origin, path: u.pathname.slice('/widgets/'.length), status: r.status() });
    });
    return seen;
  };
  const calendarChips = (page: Page, id = 'calendar') => page.locator(`#${id} .cad-chip`);

  beforeAll(async () => {
    ensureStandaloneBuilt();
    mkdirSync(IMAGES, { recursive: true });
    site = await servePages(pages);
    other = await servePages(pages);
    reactHost = await serveDir(reactDist);
    cadence = await startServerProcess({ ALLOWED_ORIGINS: `${site.url},${reactHost.url}`, CADENCE_DEMO: '1' });
    const api = apiClient(cadence.url);
    const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
    const signin = await api.call('POST', '/api/auth/signin', { body: { email: admin.email, password: admin.password } });
    expect(signin.status).toBe(200);
    adminToken = signin.body.access_token;
    const created = await api.call('POST', '/api/access-keys', { token: adminToken, body: { name: 'intranet', read_only: true } });
    expect(created.status).toBe(201);
    key = created.body.secret;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.allSettled(contexts.map((c) => c.close()));
    await browser?.close().catch(() => undefined);
    await cadence?.stop();
    site?.server.close();
    other?.server.close();
    reactHost?.server.close();
  });

  it('serves the loaders at /widgets/ and their ES chunks to any origin (CORS), as JavaScript', async () => {
    for (const name of ['cadence-widgets', 'cadence-calendar']) {
      const res = await fetch(`${cadence.url}/widgets/${name}.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toMatch(/max-age=300$/);
      const entry = /"(\.\/chunks\/[\w-]+\.js)"/.exec(await res.text())?.[1];
      expect(entry, `${name}.js names its ES entry`).toBeDefined();
      const chunk = await fetch(new URL(entry!, `${cadence.url}/widgets/`), { headers: { Origin: site.url } });
      expect(chunk.status).toBe(200);
      expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('loads the ES chunks from the Cadence origin into a page on another origin, Floating UI not before it is needed', async () => {
    expect(new URL(site.url).origin).not.toBe(new URL(cadence.url).origin);
    let requests: ReturnType<typeof widgetRequests> = [];
    const page = await open(`${site.url}/`, (p) => void (requests = widgetRequests(p)));
    await calendarChips(page).first().waitFor();
    expect(requests.every((r) => r.origin === new URL(cadence.url).origin && r.status === 200), JSON.stringify(requests)).toBe(true);
    expect(requests.map((r) => r.path)).toEqual(expect.arrayContaining(['cadence-widgets.js', expect.stringMatching(/^chunks\/cadence-widgets-[\w-]+\.js$/)]));
    // Floating UI's layers: on demand (`floating-load` is the few lines that load them).
    expect(requests.filter((r) => r.path.startsWith('chunks/floating-') && !r.path.startsWith('chunks/floating-load-'))).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as { CadenceWidgets?: { defineCadenceElements?: unknown } }).CadenceWidgets?.defineCadenceElements)).toBe('function');
  });

  it('works with both scripts on one page: the calendar-only one, then the full one', async () => {
    let requests: ReturnType<typeof widgetRequests> = [];
    const page = await open(`${site.url}/both.html`, (p) => void (requests = widgetRequests(p)));
    await calendarChips(page).first().waitFor();
    await page.locator('#gantt').getByText(/Gantt/).first().waitFor();
    await page.locator('#ideas .cad-root').first().waitFor();
    const tags = ['cadence-calendar', 'cadence-gantt', 'cadence-channel-board', 'cadence-ideas', 'cadence-ad-manager', 'cadence-events', 'cadence-permissions'];
    expect(await page.evaluate((tags) => tags.filter((t) => !customElements.get(t)), tags)).toEqual([]);
    // One copy of React and the shared code: the two entries import the same chunks.
    const paths = requests.map((r) => r.path);
    expect(paths.filter((p) => p.startsWith('chunks/cadence-calendar-'))).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('chunks/cadence-widgets-'))).toHaveLength(1);
    expect(new Set(paths).size).toBe(paths.length);
    expect(await page.evaluate(() => typeof (window as unknown as { CadenceWidgets?: { defineCadenceElements?: unknown } }).CadenceWidgets?.defineCadenceElements)).toBe('function');
  });

  it('says in the console when the loader cannot load its ES entry', async () => {
    const errors: string[] = [];
    const page = await open(`${site.url}/broken.html`, (p) => p.on('console', (m) => void (m.type() === 'error' && errors.push(m.text()))));
    await page.locator('#intranet-news').waitFor();
    await expect.poll(() => errors.join('\n')).toMatch(/\[Cadence\] cadence-calendar\.js: could not load http:\/\/127\.0\.0\.1:\d+\/widgets\/chunks\/cadence-calendar-[\w-]+\.js/);
  });

  it('shows the demo campaigns in the calendar on the hostile page', async () => {
    const page = await open(`${site.url}/`);
    // Ad campaigns and events arrive by their own requests, so the first chips may not be campaigns.
    await expect
      .poll(async () => {
        const titles = await calendarChips(page).evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? e.textContent ?? ''));
        return titles.some((t) => DEMO_TITLES.has(t));
      }, { timeout: 15_000 })
      .toBe(true);
    await page.locator('#gantt').getByText(/Gantt/).first().waitFor();
    await page.locator('#ideas .cad-root').first().waitFor();
    await page.screenshot({ path: path.join(IMAGES, 'embed-intranet.png'), fullPage: true });
  });

  it("leaves the widget's computed styles as on a clean page, and the page's own styles as without widgets", async () => {
    const hostile = await open(`${site.url}/`);
    const clean = await open(`${site.url}/clean.html`);
    for (const p of [hostile, clean]) await calendarChips(p).first().waitFor();
    const a = await widgetStyles(hostile, 'calendar');
    const b = await widgetStyles(clean, 'calendar');
    expect(a.root).not.toBeNull();
    expect(a.root!['font-family']).not.toMatch(/Comic/);
    expect(a.root!.color).not.toBe('rgb(255, 0, 0)');
    expect(a).toEqual(b);
    await clean.screenshot({ path: path.join(IMAGES, 'embed-clean.png') });

    const bare = await open(`${site.url}/no-widgets.html`);
    await bare.locator('#intranet-news').waitFor();
    expect(await pageStyles(hostile)).toEqual(await pageStyles(bare));
    expect(await hostile.evaluate(() => document.querySelectorAll('.cad-root').length)).toBe(0);
  });

  it('themes through --cadence-* custom properties', async () => {
    const page = await open(`${site.url}/`);
    await calendarChips(page).first().waitFor();
    await page.locator('#gantt .cad-segmented__item[aria-pressed="true"]').first().waitFor();
    const pressed = (id: string) =>
      page.evaluate((id) => getComputedStyle(document.getElementById(id)!.shadowRoot!.querySelector('.cad-segmented__item[aria-pressed="true"]')!).backgroundColor, id);
    expect(await pressed('calendar')).toBe('rgb(37, 99, 235)'); // the default primary
    expect(await pressed('gantt')).toBe('rgb(124, 58, 237)'); // the page's --cadence-color-primary
    await page.evaluate(() => document.getElementById('calendar')!.style.setProperty('--cadence-color-primary', 'rgb(1, 120, 90)'));
    expect(await pressed('calendar')).toBe('rgb(1, 120, 90)');
  });

  it('shows a campaign created through the API without a reload', async () => {
    const page = await open(`${site.url}/`);
    await calendarChips(page).first().waitFor();
    // A quiet month (no demo data), so the new chip is not hidden behind "+N more".
    await page.evaluate(() => document.getElementById('calendar')!.setAttribute('date', '2030-01-15'));
    await page.locator('#calendar').getByText('January 2030').waitFor();
    const sockets = await openSockets(page);
    const title = 'Embedded live launch';
    const res = await apiClient(cadence.url).call('POST', '/api/campaigns', {
      token: adminToken,
      body: { title, planning_start_date: '2030-01-14', live_date: '2030-01-16', channels: ['email'] },
    });
    expect(res.status).toBe(201);
    await page.locator(`#calendar .cad-chip[title="${title}"]`).first().waitFor({ timeout: 20_000 });
    expect(await openSockets(page)).toBe(sockets); // the attribute change kept the provider and its socket
  });

  it('shows no edit controls with a read-only key, and its dialogs open inside the shadow root', async () => {
    const page = await open(`${site.url}/`);
    await calendarChips(page).first().waitFor();
    await page.locator('#ideas .cad-root').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('#ideas').getByRole('button', { name: /New Idea|Create Your First Idea/ }).count()).toBe(0);
    await calendarChips(page).first().click();
    const dialog = page.locator('#calendar').getByRole('dialog');
    await dialog.first().waitFor();
    expect(await page.evaluate(() => !!document.getElementById('calendar')!.shadowRoot!.querySelector('[role="dialog"]'))).toBe(true);
    expect(await page.evaluate(() => document.body.querySelectorAll('[role="dialog"]').length)).toBe(0);
    await page.screenshot({ path: path.join(IMAGES, 'embed-read-only-dialog.png') });
    expect(await dialog.getByRole('button', { name: /^(Edit|Delete|Actions for) / }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /New Campaign|Add/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('re-renders when an attribute changes', async () => {
    const page = await open(`${site.url}/`);
    const calendar = page.locator('#calendar');
    await calendar.getByRole('heading', { name: 'Planning Timeline' }).waitFor();
    await page.evaluate(() => document.getElementById('calendar')!.setAttribute('view', 'live'));
    await calendar.getByRole('heading', { name: 'Live Campaign Calendar' }).waitFor();
    await page.evaluate(() => document.getElementById('calendar')!.setAttribute('mode', 'week'));
    await calendar.getByRole('button', { name: 'Week' }).and(calendar.locator('[aria-pressed="true"]')).waitFor();
    expect(await calendar.getByRole('gridcell').count()).toBe(7);
  });

  it.runIf(hasPoppler)("prints only the widget whose Print button is pressed, and every widget on the browser's own print", async () => {
    const page = await open(`${site.url}/`);
    const calendar = page.locator('#calendar');
    await calendar.getByRole('heading', { name: 'Planning Timeline' }).waitFor();
    await page.locator('cadence-gantt').getByRole('heading', { name: 'Planning Gantt Chart' }).waitFor();
    const paper = async (name: string) => {
      const file = path.join(tmpdir(), `cadence-embed-${name}.pdf`);
      writeFileSync(file, await page.pdf({ format: 'A4' }));
      return pdfPages(file).join(' ');
    };
    // As the browser does, without its blocking dialog: beforeprint fires inside window.print().
    await page.evaluate(() => void (window.print = () => void window.dispatchEvent(new Event('beforeprint'))));
    await calendar.getByRole('button', { name: 'Print', exact: true }).click();
    // The layout's code may still be on its way (it loads apart, docs/adr/0067): print once it is drawn.
    await calendar.getByTestId('print-layout').waitFor({ state: 'attached' });
    const calendarOnly = await paper('calendar-button');
    expect(calendarOnly).toMatch(/Planning Timeline, \w+ \d{4}/);
    expect(calendarOnly).not.toContain('Planning Gantt Chart');
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    // Ctrl+P or the browser's menu: the page as a whole, each widget in its print layout.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const both = await paper('browser-print');
    expect(both).toMatch(/Planning Timeline, \w+ \d{4}/);
    expect(both).toMatch(/Planning Gantt Chart, Q\d \d{4}/);
  });

  it('closes its WebSocket when an element is removed', async () => {
    const page = await open(`${site.url}/`);
    await calendarChips(page).first().waitFor();
    await expect.poll(() => openSockets(page), { timeout: 15_000 }).toBe(3);
    await page.evaluate(() => document.getElementById('calendar')!.remove());
    await expect.poll(() => openSockets(page), { timeout: 10_000 }).toBe(2);
    await page.evaluate(() => document.querySelectorAll('cadence-gantt, cadence-ideas').forEach((e) => e.remove()));
    await expect.poll(() => openSockets(page), { timeout: 10_000 }).toBe(0);
  });

  it('asks to sign in inside the widget without a key, and then shows the data', async () => {
    const page = await open(`${site.url}/sign-in.html`);
    const form = page.locator('#calendar').getByRole('form', { name: 'Sign in to Cadence' });
    await form.waitFor();
    await page.screenshot({ path: path.join(IMAGES, 'embed-sign-in.png') });
    const viewer = DEMO_USERS.find((u) => u.role === null)!;
    await form.getByLabel('Email').fill(viewer.email);
    await form.getByLabel('Password').fill(viewer.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await calendarChips(page).first().waitFor();
    // The other elements of the same server follow the sign-in.
    await page.locator('#gantt').getByRole('form', { name: 'Sign in to Cadence' }).waitFor({ state: 'detached' });
  });

  it('moves a campaign by keyboard inside the Shadow DOM for a signed-in editor, and not with editable="false" or a read-only key', async () => {
    const readOnly = await open(`${site.url}/`);
    await calendarChips(readOnly).first().waitFor();
    expect(await readOnly.locator('#calendar .cad-chip--movable').count()).toBe(0);

    const api = apiClient(cadence.url);
    const created = await api.call('POST', '/api/campaigns', {
      token: adminToken,
      body: { title: 'Embedded move', planning_start_date: '2030-02-11', live_date: '2030-02-13', end_date: '2030-02-20', channels: ['email'] },
    });
    expect(created.status).toBe(201);
    const page = await open(`${site.url}/sign-in.html`);
    const form = page.locator('#calendar').getByRole('form', { name: 'Sign in to Cadence' });
    const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
    await form.getByLabel('Email').fill(admin.email);
    await form.getByLabel('Password').fill(admin.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.evaluate(() => document.getElementById('calendar')!.setAttribute('date', '2030-02-15'));
    const chip = page.locator('#calendar [data-day="2030-02-11"] .cad-chip[title="Embedded move"]');
    await chip.waitFor();
    await chip.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await api.call('GET', `/api/campaigns/${created.body.id}`, { token: adminToken })).body.planning_start_date)
      .toBe('2030-02-12');
    await page.locator('#calendar .cad-toast').getByRole('button', { name: 'Undo' }).waitFor();

    await page.evaluate(() => document.getElementById('calendar')!.setAttribute('editable', 'false'));
    const moved = page.locator('#calendar [data-day="2030-02-12"] .cad-chip[title="Embedded move"]');
    await moved.waitFor();
    expect(await page.locator('#calendar .cad-chip--movable').count()).toBe(0);
  });

  it('refuses API calls from a page on an origin not in ALLOWED_ORIGINS', async () => {
    const res = await fetch(`${cadence.url}/api/auth/user`, { headers: { Origin: other.url, Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(403);
    const page = await open(`${other.url}/`);
    const status = await page.evaluate(
      ([url, k]) => fetch(`${url}/api/auth/user`, { headers: { Authorization: `Bearer ${k}` } }).then((r) => r.status, () => 'blocked'),
      [cadence.url, key] as const,
    );
    expect(status).toBe('blocked');
    await page.locator('#calendar').getByText(/could not|failed|error|try again/i).first().waitFor();
    expect(await calendarChips(page).count()).toBe(0);
  });

  it('the React example builds and shows the calendar with its own provider', async () => {
    buildReactExample(cadence.url, key);
    const page = await open(`${reactHost!.url}/`);
    await page.getByRole('heading', { name: 'Our React intranet' }).waitFor();
    await page.locator('.cad-calendar .cad-chip').first().waitFor();
    await page.locator('.cad-gantt').first().waitFor();
    // The provider adds the stylesheet to the document once (no Shadow DOM in a React host).
    expect(await page.evaluate(() => document.querySelectorAll('style[data-precedence="cadence"]').length)).toBe(1);
    await expect.poll(() => openSockets(page), { timeout: 15_000 }).toBe(1);
    await page.screenshot({ path: path.join(IMAGES, 'embed-react.png') });
  });
});
