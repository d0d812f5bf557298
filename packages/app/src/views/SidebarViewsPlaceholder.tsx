import type { ReactNode } from 'react';

/** The row that holds the views' place while they load, as tall as one view. */
export function LoadingRow({ collapsed }: { collapsed: boolean }): ReactNode {
  return (
    <p className="sidebar__placeholder" aria-hidden={collapsed || undefined}>
      <span className="sidebar__label">Loading views…</span>
    </p>
  );
}

/** Where the views will be while their module loads (Sidebar.tsx loads it after the first paint). */
export function SidebarViewsPlaceholder({ collapsed }: { collapsed: boolean }): ReactNode {
  return (
    <nav className="sidebar__group sidebar__views" aria-label="Views" aria-busy="true" data-placeholder="">
      <h2 className="sidebar__group-label">Views</h2>
      <LoadingRow collapsed={collapsed} />
    </nav>
  );
}
