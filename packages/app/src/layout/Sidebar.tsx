import { CalendarRange, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { SidebarViewsPlaceholder } from '../views/SidebarViewsPlaceholder';

// The saved views load after the first paint: the sign-in page's script stays as small as before
// (docs/adr/0032-saved-views.md, the side bar).
const SidebarViews = lazy(() => import('../views/SidebarViews').then((m) => ({ default: m.SidebarViews })));
// My work's count of open tasks, likewise after the first paint.
const MyWorkCount = lazy(() => import('./MyWorkCount').then((m) => ({ default: m.MyWorkCount })));
import { MARKETING_ITEMS, OTHER_ITEMS, type NavItem } from './nav-items';
import { isActivePath } from './sidebar-state';
import { useSidebar } from './SidebarProvider';
import { usePrefetch } from './use-prefetch';

/** `viewShown`: a saved view is the page, so it is marked rather than its dashboard. */
function NavGroup({ label, items, collapsed, viewShown = false, badges = {} }: {
  label: string;
  items: readonly NavItem[];
  collapsed: boolean;
  viewShown?: boolean;
  /** Counts after an item's label, by its url. */
  badges?: Readonly<Record<string, ReactNode>>;
}): ReactNode {
  const { pathname } = useLocation();
  const prefetch = usePrefetch();
  return (
    <nav className="sidebar__group" aria-label={label}>
      <h2 className="sidebar__group-label">{label}</h2>
      <ul className="sidebar__menu">
        {items.map(({ title, url, icon: Icon }) => {
          const active = !viewShown && isActivePath(pathname, url);
          return (
            <li key={url}>
              <Link
                to={url}
                className="sidebar__item"
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                title={collapsed ? title : undefined}
                onPointerEnter={() => prefetch(url)}
                onFocus={() => prefetch(url)}
                onClick={() => prefetch(url)}
              >
                <Icon className="sidebar__icon" aria-hidden="true" />
                <span className="sidebar__label">{title}</span>
                {badges[url]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * docs/product.md#sidebar: 'Marketing Channels', the saved views (docs/adr/0032) and 'Other'; icons only
 * when collapsed; a sheet on mobile, closed when a link is followed (a view changes only the query).
 */
export function Sidebar(): ReactNode {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();
  const { pathname, search } = useLocation();
  const [viewShown, setViewShown] = useState(false);
  const { loading: checking } = useAuth();
  useEffect(() => setOpenMobile(false), [pathname, search, setOpenMobile]);
  const collapsed = !isMobile && !open;
  const state = isMobile ? (openMobile ? 'open' : 'closed') : open ? 'expanded' : 'collapsed';
  return (
    <>
      {isMobile && openMobile && <div className="sidebar-backdrop" onClick={() => setOpenMobile(false)} aria-hidden="true" />}
      <aside className="sidebar" data-state={state} data-mobile={isMobile || undefined} aria-label="Side bar" hidden={isMobile && !openMobile}>
        <div className="sidebar__header">
          <Link to="/" className="sidebar__brand" title={collapsed ? 'Cadence' : undefined}>
            <span className="sidebar__logo" aria-hidden="true">
              <CalendarRange size={18} />
            </span>
            <span className="sidebar__label sidebar__brand-name">Cadence</span>
          </Link>
          {isMobile && (
            <button type="button" className="icon-button" onClick={() => setOpenMobile(false)} aria-label="Close side bar">
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="sidebar__content">
          <NavGroup label="Marketing Channels" items={MARKETING_ITEMS} collapsed={collapsed} viewShown={viewShown} />
          {/* Not while the stored session is checked: the check's answer seeds the widgets' session, asked for once. */}
          {checking ? (
            <SidebarViewsPlaceholder collapsed={collapsed} />
          ) : (
            <Suspense fallback={<SidebarViewsPlaceholder collapsed={collapsed} />}>
              <SidebarViews collapsed={collapsed} onViewShown={setViewShown} />
            </Suspense>
          )}
          <NavGroup label="Other" items={OTHER_ITEMS} collapsed={collapsed} badges={checking ? {} : { '/my-work': <Suspense fallback={null}><MyWorkCount /></Suspense> }} />
        </div>
      </aside>
    </>
  );
}
