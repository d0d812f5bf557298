/** How long Ctrl/Cmd+Z undoes the last move made in this tab. */
export const UNDO_WINDOW_MS = 10_000;

let last: { undo: () => void; at: number } | null = null;
let listening = false;

const isTextInput = (el: EventTarget | undefined): boolean => {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
};

function onKeyDown(e: KeyboardEvent): void {
  if (!(e.key === 'z' || e.key === 'Z') || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
  // Text fields keep their own undo; the real target may sit inside a widget's Shadow DOM.
  if (isTextInput(e.composedPath()[0])) return;
  const entry = last;
  if (!entry || Date.now() - entry.at > UNDO_WINDOW_MS) return;
  e.preventDefault();
  last = null;
  entry.undo();
}

/** Remembers the tab's last move for Ctrl/Cmd+Z; a newer move replaces it. */
export function rememberMove(undo: () => void, now: number = Date.now()): void {
  last = { undo, at: now };
  if (!listening && typeof document !== 'undefined') {
    document.addEventListener('keydown', onKeyDown);
    listening = true;
  }
}

/** Forgets the remembered move (it was undone from its toast, or a test ends). */
export function forgetMove(undo?: () => void): void {
  if (!undo || last?.undo === undo) last = null;
}
