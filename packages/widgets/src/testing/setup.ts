import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadLayers } from '../ui/floating-load';

// findBy/waitFor wait up to 5 s, not 1 s: CI runs the suites side by side on two shared cores,
// where a lazy route or a first render can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the ResizeObserver that layers and the virtualizer use.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// jsdom reports Apple as its vendor, which makes Floating UI render its Safari-only focus guards
// (unnamed role="button" spans, for VoiceOver's cursor; docs/adr/0040). Test the DOM Chromium and
// Firefox get, as the end-to-end axe runs in Chromium do.
Object.defineProperty(window.navigator, 'vendor', { configurable: true, value: '' });

// jsdom lacks the `inert` property every browser we support has; without it Floating UI keeps focus
// guards in a popover (ui/Popover.tsx) that asks for none, so Tab would not leave it as in a browser.
if (!('inert' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'inert', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('inert');
    },
    set(this: HTMLElement, value: boolean) {
      this.toggleAttribute('inert', value);
    },
  });
}

// A browser has the layers' chunk by the time a user clicks (a trigger loads it on hover or focus;
// ui/floating/layer.test.tsx covers a layer opened before it arrived). Tests click at once.
beforeAll(() => loadLayers());

// Tests share a window per worker (isolate: false): what one remembered (the load strip's switch)
// must not carry into the next.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
