/**
 * Where the route table registers how to preload a page (router.tsx's preloadRoute), so the side
 * bar can ask for it without importing the route table, which imports the side bar's shell.
 */
let preload: (pathname: string) => void = () => undefined;

export function setRoutePreloader(fn: (pathname: string) => void): void {
  preload = fn;
}

export function preloadRouteOf(pathname: string): void {
  preload(pathname);
}
