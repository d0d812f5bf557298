import { afterEach } from 'vitest';

// After the widgets' setup (vitest.config.ts runs it first for the app's tests too): jest-dom, the
// 5 s waits, the jsdom fixes that Floating UI's dialogs and menus need, cleanup after each test.

// jsdom has no matchMedia; the side bar asks it whether the viewport is mobile.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
