import { describe, expect, it } from 'vitest';
import { isActivePath, isToggleShortcut, readSidebarCookie, sidebarCookie } from './sidebar-state';

describe('side bar state', () => {
  it('should be expanded unless the sidebar:state cookie says false', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('a=1; sidebar:state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar:state=true')).toBe(true);
  });

  it('should remember the state for 7 days on the whole site', () => {
    expect(sidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('should toggle on Ctrl+B and Cmd+B only', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(isToggleShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key('B', { metaKey: true }))).toBe(true);
    expect(isToggleShortcut(key('b'))).toBe(false);
    expect(isToggleShortcut(key('c', { ctrlKey: true }))).toBe(false);
  });

  it('should make / active only on exactly / and the others by prefix', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/ideas', '/')).toBe(false);
    expect(isActivePath('/channel/email', '/channel/email')).toBe(true);
    expect(isActivePath('/channel/email/x', '/channel/email')).toBe(true);
    expect(isActivePath('/settings', '/ideas')).toBe(false);
  });
});
