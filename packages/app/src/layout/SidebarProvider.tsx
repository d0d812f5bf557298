import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MOBILE_QUERY, isToggleShortcut, readSidebarCookie, sidebarCookie } from './sidebar-state';

interface SidebarContextValue {
  /** Desktop: expanded (true) or icons only. */
  open: boolean;
  /** Mobile: the sheet is shown. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile(open: boolean): void;
  toggle(): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** Side bar state: remembered in the `sidebar:state` cookie, toggled with Ctrl/Cmd+B. */
export function SidebarProvider({ children }: { children: ReactNode }): ReactNode {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarCookie(document.cookie));
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((o) => !o);
      return;
    }
    setOpen((o) => {
      document.cookie = sidebarCookie(!o);
      return !o;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isToggleShortcut(e)) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, openMobile, isMobile, setOpenMobile, toggle }), [open, openMobile, isMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('[Cadence] useSidebar must be used within a SidebarProvider');
  return ctx;
}
