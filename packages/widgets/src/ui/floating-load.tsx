import { lazy, type ReactNode } from 'react';

type Layers = typeof import('./floating/index');

let loaded: Layers | null = null;
let loading: Promise<Layers> | null = null;

/**
 * Loads the layers' chunk once (docs/adr/0040). A trigger calls it on hover or focus, so it is
 * usually there by the click; once loaded, layers render at once, without a Suspense pass.
 */
export const loadLayers = (): Promise<Layers> =>
  (loading ??= import('./floating/index').then((m) => {
    loaded = m;
    return m;
  }));

/** Forgets the loaded chunk, so a test can open a layer before it has arrived. */
export function forgetLayersForTests(): void {
  loaded = null;
  loading = null;
}

type RenderLayers = { children: (layers: Layers) => ReactNode };

/** The first render before the chunk is there: suspends (to the nearest Suspense) until it is. */
const Arriving = lazy(async () => {
  const layers = await loadLayers();
  return { default: ({ children }: RenderLayers) => children(layers) };
});

/** Renders `children` with the layers' code: at once when loaded, else once it has arrived. */
export function WithLayers({ children }: RenderLayers): ReactNode {
  return loaded ? children(loaded) : <Arriving>{children}</Arriving>;
}

/** Props for a layer's trigger: start loading the layer when the pointer or focus reaches it. */
export const preloadLayerProps = { onPointerEnter: () => void loadLayers(), onFocus: () => void loadLayers() } as const;
