import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { preloadLayers } from '@cadence/widgets';
import { afterEach, beforeAll } from 'vitest';

// findBy/waitFor wait up to 5 s, not 1 s: CI runs the suites side by side on two shared cores,
// where a lazy route or a first render can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

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

// jsdom's <dialog> cannot open as a modal; the app's Dialog (ui/Dialog.tsx) relies on it.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// A browser has the menus' and dialogs' code by the time a user clicks (their triggers load it on
// hover or focus); tests click at once.
beforeAll(() => preloadLayers());
