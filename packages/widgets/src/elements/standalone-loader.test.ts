import { afterEach, describe, expect, it, vi } from 'vitest';
import { loaderSource } from './standalone-loader';

// dist-standalone/<name>.js, run as a page would run it (document.currentScript is null here, as
// for a script evaluated by a tag manager): it finds its <script src> tag by name. Its `import()`
// is handed to `importer` (jsdom's window cannot import a module by URL; tests/e2e/embed.e2e.ts
// runs the real thing in Chromium).
const imported: string[] = [];
const run = (name: string, entry: string, importer: (url: string) => Promise<unknown> = (url) => Promise.reject(new TypeError(`Failed to fetch ${url}`))) => {
  const source = loaderSource(name, entry);
  expect(source).toContain('import(url)');
  new Function('importModule', source.replace('import(url)', 'importModule(url)'))((url: string) => (imported.push(url), importer(url)));
};
const global = window as unknown as { CadenceWidgets?: Record<string, unknown> };

describe('the standalone loader', () => {
  afterEach(() => {
    document.head.replaceChildren();
    imported.length = 0;
    delete global.CadenceWidgets;
    vi.restoreAllMocks();
  });

  it('imports its ES entry relative to its own <script src>, and reports a failed import with the URL', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.head.insertAdjacentHTML('beforeend', '<script src="https://cdn.example/app.js"></script><script src="https://cadence.example/widgets/cadence-calendar.js?v=2"></script>');
    run('cadence-calendar', './chunks/cadence-calendar-AbC123.js');
    expect(imported).toEqual(['https://cadence.example/widgets/chunks/cadence-calendar-AbC123.js']);
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0]![0]).toMatch(
      /^\[Cadence\] cadence-calendar\.js: could not load https:\/\/cadence\.example\/widgets\/chunks\/cadence-calendar-AbC123\.js \(.+\)\. The server must send the widgets with Access-Control-Allow-Origin/,
    );
  });

  it('says so when it cannot find its own tag', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    run('cadence-widgets', './chunks/cadence-widgets-AbC123.js');
    expect(imported).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[Cadence\] cadence-widgets\.js: cannot find its own <script src="\.\.\.\/cadence-widgets\.js"> tag/));
  });

  it("sets window.CadenceWidgets to the entry's exports, the full script's winning over the calendar's", async () => {
    document.head.insertAdjacentHTML('beforeend', '<script src="https://cadence.example/widgets/cadence-calendar.js"></script><script src="https://cadence.example/widgets/cadence-widgets.js"></script>');
    const entry = (which: string) => async () => ({ which });
    run('cadence-widgets', './chunks/cadence-widgets-AbC123.js', entry('all'));
    await vi.waitFor(() => expect(global.CadenceWidgets?.which).toBe('all'));
    run('cadence-calendar', './chunks/cadence-calendar-AbC123.js', entry('calendar'));
    await new Promise((r) => setTimeout(r, 20));
    expect(global.CadenceWidgets?.which).toBe('all');
    delete global.CadenceWidgets;
    run('cadence-calendar', './chunks/cadence-calendar-AbC123.js', entry('calendar'));
    await vi.waitFor(() => expect(global.CadenceWidgets?.which).toBe('calendar'));
    expect(imported).toEqual([
      'https://cadence.example/widgets/chunks/cadence-widgets-AbC123.js',
      'https://cadence.example/widgets/chunks/cadence-calendar-AbC123.js',
      'https://cadence.example/widgets/chunks/cadence-calendar-AbC123.js',
    ]);
  });
});
