import { SIDEBAR } from '@cadence/core';

/** Cookie lifetime of the side bar state (docs/product.md#sidebar: 7 days). */
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** docs/product.md#sidebar: a viewport narrower than 768 px counts as mobile. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** The stored side bar state: expanded unless the cookie says 'false'. */
export function readSidebarCookie(cookie: string): boolean {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR.cookieName) return rest.join('=') !== 'false';
  }
  return true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR.cookieName}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B or Cmd+B (docs/product.md#sidebar). */
export function isToggleShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return e.key.toLowerCase() === 'b' && (e.ctrlKey || e.metaKey) && !e.altKey;
}

/** docs/product.md#sidebar: '/' is active only on exactly '/'; the others when the path starts with their URL. */
export function isActivePath(pathname: string, url: string): boolean {
  return url === '/' ? pathname === '/' : pathname.startsWith(url);
}
