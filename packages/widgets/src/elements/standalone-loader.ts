// Build-time only: vite.standalone.config.ts emits dist-standalone/<name>.js from this (ADR 8,
// addendum of 2026-11-27); no widget imports it.

/**
 * The classic script a page loads (`<script src=".../cadence-calendar.js">`): finds its own URL
 * and imports the hashed ES entry beside it, which registers the elements and loads the rest of
 * what it needs by `import()`. `document.currentScript` is null when the script runs other than
 * from a `<script>` element being parsed or inserted (e.g. pasted into a console, or evaluated by
 * a tag manager); it then looks for its tag by name. A failed import is reported in the console:
 * otherwise the page shows empty elements and says nothing. `window.CadenceWidgets` is the ES
 * entry's exports once it has loaded (what the IIFE's global was, ADR 8); with both scripts on
 * a page, the full one's.
 */
export function loaderSource(name: string, entry: string): string {
  const file = `${name}.js`;
  return `/* Cadence: ${file} loads ${entry} (ES modules, docs/embedding.md) */
(() => {
  const me = document.currentScript || [...document.querySelectorAll('script[src]')].reverse().find((s) => new URL(s.src, location.href).pathname.endsWith('/${file}'));
  if (!me) { console.error('[Cadence] ${file}: cannot find its own <script src=".../${file}"> tag, so it does not know where to load the widgets from. Load it with a <script src> tag.'); return; }
  const url = new URL(${JSON.stringify(entry)}, me.src).href;
  import(url).then(
    (m) => { ${name === 'cadence-widgets' ? 'window.CadenceWidgets = m' : 'window.CadenceWidgets ??= m'}; },
    (e) => console.error('[Cadence] ${file}: could not load ' + url + ' (' + e + '). The server must send the widgets with Access-Control-Allow-Origin when the page is on another origin, and a Content Security Policy must allow scripts from it.'),
  );
})();
`;
}
