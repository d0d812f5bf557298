import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

afterEach(() => cleanup());
