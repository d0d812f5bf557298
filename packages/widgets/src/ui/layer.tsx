/**
 * Dialogs, menus and popovers ("layers") without a positioning library: a portal into the
 * widget root, Escape and a press outside to close, focus moved in on open and given back on
 * close, Tab kept inside a modal, the rest of the page hidden from assistive technology and
 * not scrollable behind a modal, and a menu or popover placed beside its trigger.
 *
 * Layers nest as a stack (a menu inside a dialog, a confirmation above a menu): Escape closes
 * the topmost only; a press closes each layer it lands outside of (a press in a layer opened
 * above it counts as inside), from the top down to the first modal one. Events are read through `composedPath()`, so all of this works
 * inside a Shadow DOM (the custom elements) as in the page.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { PortalRootContext } from '../provider/context';

/** Renders into the nearest widget root (styles apply, Shadow DOM works), or the body outside any widget. */
export function Portal({ children }: { children: ReactNode }): ReactNode {
  const root = useContext(PortalRootContext);
  // `null`: inside a widget whose root element is not mounted yet (the next render has it).
  if (root === null) return null;
  return createPortal(children, root ?? document.body);
}

export interface LayerOptions {
  onClose: () => void;
  /** The trigger: pressing it is not "outside" (it toggles the layer itself). */
  reference?: RefObject<HTMLElement | null>;
  /** Close on a press outside (default true); the event that counts as one. */
  outsidePress?: boolean;
  pressEvent?: 'pointerdown' | 'mousedown';
  /** Modal: Tab stays inside, the rest of the page is aria-hidden and does not scroll. */
  modal?: boolean;
  /** What gets focus on open: the nth tabbable element inside (default 0, else the layer itself), or this element. */
  initialFocus?: number | RefObject<HTMLElement | null>;
}

interface Entry {
  floating: HTMLElement;
  options: RefObject<LayerOptions>;
}

const stack: Entry[] = [];

const TABBABLE =
  'a[href],area[href],button,input:not([type="hidden"]),select,textarea,iframe,audio[controls],video[controls],summary,[contenteditable]:not([contenteditable="false"]),[tabindex]';

/** The elements Tab reaches inside `el`, in document order. */
export function tabbables(el: HTMLElement): HTMLElement[] {
  return Array.from(el.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && !e.closest('[hidden],[inert]'),
  );
}

/** The focused element, looking into open shadow roots; null when focus was lost (e.g. its element removed). */
function activeElement(doc: Document): Element | null {
  let a: Element | null = doc.activeElement;
  while (a?.shadowRoot) {
    const inner: Element | null = a.shadowRoot.activeElement;
    if (!inner) return null;
    a = inner;
  }
  return a === doc.body ? null : a;
}

const pathOf = (e: Event): EventTarget[] => (e.composedPath ? e.composedPath() : [e.target as EventTarget]);

/** Is the event (or node) inside the layer at `index` or a layer opened above it? */
function within(index: number, path: readonly EventTarget[]): boolean {
  for (let i = index; i < stack.length; i++) {
    if (path.includes(stack[i]!.floating)) return true;
  }
  const ref = stack[index]?.options.current.reference?.current;
  return !!ref && path.includes(ref);
}

/** Every ancestor up to the document, across shadow roots (a node's own path, as an event's would be). */
function nodePath(node: Node): EventTarget[] {
  const out: EventTarget[] = [];
  for (let n: Node | null = node; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) out.push(n);
  return out;
}

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.isComposing || !stack.length) return;
  stack[stack.length - 1]!.options.current.onClose();
}

function onPress(e: Event): void {
  const path = pathOf(e);
  // Top down, each layer by itself (a press inside a dialog closes the menu above it, not the
  // dialog), down to the first modal one: what is under a modal cannot be pressed.
  for (let i = stack.length - 1; i >= 0; i--) {
    const o = stack[i]!.options.current;
    if (o.outsidePress !== false && (o.pressEvent ?? 'pointerdown') === e.type && !within(i, path)) o.onClose();
    if (o.modal) break;
  }
}

/** Focus may not leave the topmost modal (and the layers above it) while it is open. */
function onFocusIn(e: FocusEvent): void {
  let top = -1;
  for (let i = stack.length - 1; i >= 0 && top < 0; i--) if (stack[i]!.options.current.modal) top = i;
  if (top < 0 || within(top, pathOf(e))) return;
  const el = stack[top]!.floating;
  (tabbables(el)[0] ?? el).focus();
}

function listen(on: boolean): void {
  if (on) {
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('mousedown', onPress, true);
    document.addEventListener('focusin', onFocusIn);
  } else {
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPress, true);
    document.removeEventListener('mousedown', onPress, true);
    document.removeEventListener('focusin', onFocusIn);
  }
}

let scrollLocks = 0;
let unlockScroll = (): void => undefined;

function lockScroll(): () => void {
  if (scrollLocks++ === 0) {
    const { body, documentElement } = document;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    unlockScroll = () => Object.assign(body.style, before);
  }
  return () => {
    if (--scrollLocks === 0) unlockScroll();
  };
}

const hiddenCount = new WeakMap<Element, number>();
const alreadyHidden = new WeakSet<Element>();

/**
 * `aria-hidden` on everything in the page but `keep` (and live regions, so toasts are still
 * announced): from the body down, each sibling of an ancestor of a kept element. An element
 * in a shadow root is kept through its host.
 */
function hideOthers(keep: Element[]): () => void {
  const body = document.body;
  const hostOf = (el: Element): Element | null => {
    if (body.contains(el)) return el;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? hostOf(root.host) : null;
  };
  const avoid = [...keep, ...Array.from(body.querySelectorAll('[aria-live],[role="status"],output'))]
    .map(hostOf)
    .filter((el): el is Element => el !== null);
  const ancestors = new Set<Node>();
  for (const el of avoid) for (let n: Node | null = el; n && !ancestors.has(n); n = n.parentNode) ancestors.add(n);
  const stop = new Set<Element>(avoid);
  const hidden: Element[] = [];
  const walk = (parent: Element): void => {
    if (stop.has(parent)) return;
    for (const node of Array.from(parent.children)) {
      if (node.localName === 'script') continue;
      if (ancestors.has(node)) {
        walk(node);
        continue;
      }
      const count = (hiddenCount.get(node) ?? 0) + 1;
      hiddenCount.set(node, count);
      if (count === 1) {
        if (node.getAttribute('aria-hidden') === 'true') alreadyHidden.add(node);
        else node.setAttribute('aria-hidden', 'true');
      }
      hidden.push(node);
    }
  };
  walk(body);
  return () => {
    for (const node of hidden) {
      const count = (hiddenCount.get(node) ?? 1) - 1;
      hiddenCount.set(node, count);
      if (count > 0) continue;
      if (alreadyHidden.has(node)) alreadyHidden.delete(node);
      else node.removeAttribute('aria-hidden');
    }
  };
}

/**
 * Makes an element a layer while `open`: give it `ref` and render it (through `<Portal>`)
 * whenever `open` is true; `element` is it once mounted.
 */
export function useLayer(open: boolean, options: LayerOptions): { ref: (el: HTMLElement | null) => void; element: HTMLElement | null } {
  const latest = useRef(options);
  latest.current = options;
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!open || !el) return;
    const o = latest.current;
    const doc = el.ownerDocument;
    const previous = activeElement(doc);
    const entry: Entry = { floating: el, options: latest };
    if (stack.push(entry) === 1) listen(true);
    const cleanups: Array<() => void> = [];
    if (o.modal) {
      // A modal's element is the box inside its overlay: the overlay is what stays visible.
      cleanups.push(hideOthers([el.parentElement && el.parentElement !== doc.body ? el.parentElement : el]), lockScroll());
      const trap = (e: KeyboardEvent) => {
        if (e.key !== 'Tab') return;
        const list = tabbables(el);
        const active = activeElement(doc);
        const first = list[0];
        const last = list[list.length - 1];
        if (!first || !last) {
          e.preventDefault();
          return;
        }
        if (e.shiftKey && (active === first || active === el)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && active === last) {
          e.preventDefault();
          first.focus();
        }
      };
      el.addEventListener('keydown', trap);
      cleanups.push(() => el.removeEventListener('keydown', trap));
    } else {
      // Non-modal: focus moving elsewhere (Tab out of a menu) closes it.
      const out = (e: FocusEvent) => {
        const to = e.relatedTarget;
        const index = stack.indexOf(entry);
        if (to instanceof Node && index >= 0 && !within(index, nodePath(to))) latest.current.onClose();
      };
      el.addEventListener('focusout', out);
      cleanups.push(() => el.removeEventListener('focusout', out));
    }
    const initial = o.initialFocus ?? 0;
    const target = typeof initial === 'number' ? (tabbables(el)[initial] ?? el) : (initial.current ?? el);
    target.focus();
    return () => {
      cleanups.forEach((c) => c());
      stack.splice(stack.indexOf(entry), 1);
      if (stack.length === 0) listen(false);
      // Focus goes back where it was, unless the user has put it somewhere else meanwhile.
      const now = activeElement(doc);
      if (previous instanceof HTMLElement && previous.isConnected && (!now || el.contains(now))) previous.focus();
    };
  }, [open, el]);
  return { ref: setEl, element: el };
}

/** Where a menu or popover starts: fixed, then moved beside its trigger by `usePlacement`. */
export const FLOATING_STYLE: CSSProperties = { position: 'fixed', top: 0, left: 0 };

/**
 * Places `floating` below its trigger (start or end aligned, 4 px apart), above it when there
 * is no room below, and inside the viewport with 8 px to spare; again on scroll and resize.
 */
export function usePlacement(open: boolean, reference: RefObject<HTMLElement | null>, el: HTMLElement | null, align: 'start' | 'end'): void {
  useLayoutEffect(() => {
    const ref = reference.current;
    if (!open || !ref || !el) return;
    const place = () => {
      const r = ref.getBoundingClientRect();
      const f = el.getBoundingClientRect();
      const { clientWidth: vw, clientHeight: vh } = document.documentElement;
      let top = r.bottom + 4;
      if (top + f.height > vh - 8 && r.top - 4 - f.height >= 8) top = r.top - 4 - f.height;
      let left = align === 'end' ? r.right - f.width : r.left;
      left = Math.max(8, Math.min(left, vw - 8 - f.width));
      el.style.left = `${left}px`;
      el.style.top = `${top}px`;
      // A transformed ancestor makes `fixed` relative to it: correct by what was actually got.
      const got = el.getBoundingClientRect();
      if (got.left !== left || got.top !== top) {
        el.style.left = `${2 * left - got.left}px`;
        el.style.top = `${2 * top - got.top}px`;
      }
    };
    place();
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [open, reference, el, align]);
}
