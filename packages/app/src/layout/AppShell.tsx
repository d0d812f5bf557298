import { PanelLeft } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { InboxBell } from '@cadence/widgets';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { Sidebar } from './Sidebar';
import { SidebarProvider, useSidebar } from './SidebarProvider';
import { LoadingState } from '../ui/states';

function SidebarTrigger(): ReactNode {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label="Toggle side bar" aria-expanded={expanded} title="Toggle side bar (Ctrl+B)">
      <PanelLeft size={18} aria-hidden="true" />
    </button>
  );
}

/**
 * The trigger, the brand while the side bar (which shows it) is folded away, and who is signed
 * in on pages whose header does not already say it (the dashboard's welcome line does).
 */
function TopBar(): ReactNode {
  const { user, loading } = useAuth();
  const { open, isMobile } = useSidebar();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <header className="topbar">
      <SidebarTrigger />
      {(isMobile || !open) && (
        <>
          <span className="topbar__divider" aria-hidden="true" />
          <span className="topbar__product">Cadence</span>
        </>
      )}
      {user && pathname !== '/' && <span className="topbar__user">{user.email}</span>}
      {/* The inbox (docs/adr/0060): an item opens its campaign at its tab through the router. Drawn once
          a stored session's check has answered (the widgets are handed its answer): the bell never asks who the user is first. */}
      {user && !loading && (
        <span className="topbar__inbox">
          <InboxBell onOpen={(href) => navigate(href)} />
        </span>
      )}
    </header>
  );
}

/** Side bar + top bar around every page but /auth. */
export function AppShell(): ReactNode {
  return (
    <SidebarProvider>
      <ShellFrame />
    </SidebarProvider>
  );
}

function ShellFrame(): ReactNode {
  const { open, isMobile } = useSidebar();
  return (
    <div className="app-shell" data-sidebar={isMobile ? 'mobile' : open ? 'expanded' : 'collapsed'}>
      <Sidebar />
      <div className="app-main">
        <TopBar />
        <main className="app-content" id="main">
          {/* The pages' one boundary (router.tsx page()): shown while the first page loads, kept by later navigations. */}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
