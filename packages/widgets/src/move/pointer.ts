import type { PointerEvent as ReactPointerEvent } from 'react';
import { flushSync } from 'react-dom';

/** Mouse: a drag starts once the pointer has travelled this far, so a click stays a click. */
const MOUSE_SLOP_PX = 4;
/** Touch and pen: hold this long without moving to pick a campaign up; moving sooner scrolls. */
export const LONG_PRESS_MS = 350;
const TOUCH_SLOP_PX = 8;
/** A drag this close to the window's top or bottom scrolls the page, faster the closer it is (at most MAX_STEP_PX a frame). */
export const EDGE_PX = 64;
const MAX_STEP_PX = 20;

/**
 * How far to scroll the page this frame for a pointer at `y` in a window `height` tall: negative
 * near the top, positive near the bottom, 0 elsewhere. So a campaign can be dragged to a week
 * below the fold without letting go (docs/adr/0065).
 */
export function edgeScrollStep(y: number, height: number): number {
  const depth = y < EDGE_PX ? y - EDGE_PX : y > height - EDGE_PX ? y - (height - EDGE_PX) : 0;
  if (depth === 0) return 0;
  const step = Math.ceil((MAX_STEP_PX * Math.min(Math.abs(depth), EDGE_PX)) / EDGE_PX);
  return depth < 0 ? -step : step;
}

export interface GestureHandlers {
  /** The gesture became a drag (slop passed, or the long press fired). */
  start(): void;
  /** The pointer moved while dragging (browsers send at most one pointermove per frame). */
  move(x: number, y: number): void;
  /** The pointer was released while dragging. */
  drop(x: number, y: number): void;
  /** Escape, a lost pointer, or the browser took over (pointercancel). */
  cancel(): void;
}

const pageScrolls = (view: Window) => view.document.documentElement.scrollHeight > view.innerHeight;

/**
 * Turns a pointerdown into a drag: after a few pixels for a mouse, after a long press for touch
 * and pen (so a swipe still scrolls the page). Listens on the window until the gesture ends, so
 * it works inside Shadow DOM and when the pointer leaves the element. Swallows the click that
 * ends a drag, so dropping never also opens the editor.
 */
export function beginPointerGesture(down: ReactPointerEvent, handlers: GestureHandlers): void {
  if (down.button !== 0 || down.ctrlKey || down.metaKey) return;
  const { pointerId, pointerType } = down;
  const x0 = down.clientX;
  const y0 = down.clientY;
  const mouse = pointerType === 'mouse';
  let dragging = false;
  const view: Window = (down.currentTarget as Element).ownerDocument.defaultView ?? window;
  let last = { x: x0, y: y0 };
  let frame = 0;
  // Near an edge, each frame scrolls the page a step and moves the drag again: the pointer stands
  // still while the plan slides under it, so the day under it changes.
  const scrollFrame = () => {
    frame = 0;
    const step = edgeScrollStep(last.y, view.innerHeight);
    if (!dragging || step === 0) return;
    const before = view.scrollY;
    view.scrollBy(0, step);
    if (view.scrollY === before) return; // at the page's end
    flushSync(() => handlers.move(last.x, last.y));
    frame = view.requestAnimationFrame(scrollFrame);
  };

  const stopTouchScroll = (e: TouchEvent) => e.preventDefault();
  const swallowClick = (e: MouseEvent) => {
    e.stopPropagation();
    e.preventDefault();
  };
  const begin = () => {
    dragging = true;
    if (!mouse) view.addEventListener('touchmove', stopTouchScroll, { passive: false });
    handlers.start();
  };
  const timer = mouse ? 0 : view.setTimeout(begin, LONG_PRESS_MS);

  const cleanup = () => {
    view.clearTimeout(timer);
    if (frame) view.cancelAnimationFrame(frame);
    frame = 0;
    view.removeEventListener('pointermove', onMove);
    view.removeEventListener('pointerup', onUp);
    view.removeEventListener('pointercancel', onCancel);
    view.removeEventListener('keydown', onKey, true);
    view.removeEventListener('touchmove', stopTouchScroll);
  };
  const onMove = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    const distance = Math.hypot(e.clientX - x0, e.clientY - y0);
    if (!dragging) {
      if (mouse && distance > MOUSE_SLOP_PX) begin();
      else if (!mouse && distance > TOUCH_SLOP_PX) cleanup(); // a scroll, not a pick-up
      if (!dragging) return;
    }
    last = { x: e.clientX, y: e.clientY };
    // Rendered in this task, so the ghost is painted in the frame that follows this event
    // (a state update left to React's scheduler is painted a frame later).
    flushSync(() => handlers.move(e.clientX, e.clientY));
    if (!frame && edgeScrollStep(last.y, view.innerHeight) !== 0 && pageScrolls(view)) frame = view.requestAnimationFrame(scrollFrame);
  };
  const onUp = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    cleanup();
    if (!dragging) return;
    // The click that follows this pointerup must not open the editor.
    view.addEventListener('click', swallowClick, { capture: true, once: true });
    view.setTimeout(() => view.removeEventListener('click', swallowClick, { capture: true }), 0);
    handlers.drop(e.clientX, e.clientY);
  };
  const onCancel = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    cleanup();
    if (dragging) handlers.cancel();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    cleanup();
    if (dragging) handlers.cancel();
  };
  view.addEventListener('pointermove', onMove);
  view.addEventListener('pointerup', onUp);
  view.addEventListener('pointercancel', onCancel);
  view.addEventListener('keydown', onKey, true);
}

/** The element under a point, looking inside the Shadow DOM the widget lives in. */
export function elementAt(inside: Element, x: number, y: number): Element | null {
  const root = inside.getRootNode() as Partial<Pick<Document, 'elementFromPoint'>>;
  const from = root.elementFromPoint ? root : inside.ownerDocument;
  return typeof from.elementFromPoint === 'function' ? from.elementFromPoint(x, y) : null;
}
