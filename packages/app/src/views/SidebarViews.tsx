import { canEditView, formatCount, savedViewHref, type SavedView } from '@cadence/core';
import { lazyDialog, Menu, ShareLinkDialog, useSavedViewActions, useSavedViewCounts, useSavedViews, useSession, type MenuItem } from '@cadence/widgets';
import { Bookmark, MoreHorizontal, UsersRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadingRow } from './SidebarViewsPlaceholder';
import { VIEW_TOASTS } from './view-messages';
import { deleteFailure, formErrorOf, restoreFailure, groupViews, isActiveView } from './view-rules';

// The side bar is on every page, in the first script: its dialogs load when first opened.
const ViewNameDialog = lazyDialog(() => import('./ViewNameDialog').then((m) => m.ViewNameDialog));
const DeleteViewDialog = lazyDialog(() => import('./DeleteViewDialog').then((m) => m.DeleteViewDialog));

/** The signed-in user's saved views and whether one of them is the page shown. */
function useSidebarViews() {
  const session = useSession();
  const signedIn = !!session.userId;
  const list = useSavedViews(signedIn);
  const { pathname, search } = useLocation();
  const views = list.data ?? [];
  return { session, signedIn, list, views, activeId: views.find((v) => isActiveView(v, pathname, search))?.id ?? null };
}

function ViewItem({ view, count, active, collapsed, onRename, onDelete, onShare, manage }: {
  view: SavedView;
  count: number | undefined;
  active: boolean;
  collapsed: boolean;
  manage: boolean;
  onRename: () => void;
  onDelete: () => void;
  /** Whoever sees a view may share it by link (docs/adr/0061). */
  onShare: () => void;
}): ReactNode {
  const items: MenuItem[] = [
    { label: 'Share link…', onSelect: onShare },
    ...(manage ? [{ label: 'Rename', onSelect: onRename }, { label: 'Delete', onSelect: onDelete, danger: true }] : []),
  ];
  const Icon = view.shared ? UsersRound : Bookmark;
  const by = view.shared ? `Shared by ${view.created_by_email ?? 'a former user'}` : undefined;
  return (
    <li className="sidebar__view" data-manage>
      <Link
        to={savedViewHref(view)}
        className="sidebar__item"
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? [view.name, by].filter(Boolean).join(' · ') : by}
      >
        <Icon className="sidebar__icon" aria-hidden="true" />
        <span className="sidebar__label">{view.name}</span>
        <span className="sidebar__count" data-loading={count === undefined || undefined}>
          {count === undefined ? '' : formatCount(count)}
          {count !== undefined && <span className="sr-only">{count === 1 ? ' campaign' : ' campaigns'}</span>}
        </span>
      </Link>
      {!collapsed && (
        <span className="sidebar__action">
          <Menu
            label={`Actions for view ${view.name}`}
            triggerClassName="sidebar__action-button"
            icon={<MoreHorizontal size={16} aria-hidden="true" />}
            items={items}
          />
        </span>
      )}
    </li>
  );
}

/**
 * The side bar's "Views" (docs/adr/0032): the caller's views, then the team's shared ones, each a link to
 * its dashboard with its live campaign count, and Rename / Delete for those who may. Tells the side
 * bar when one of them is the page shown, so that view is marked rather than its dashboard.
 */
export function SidebarViews({ collapsed, onViewShown }: { collapsed: boolean; onViewShown: (shown: boolean) => void }): ReactNode {
  const { session, signedIn, list, views, activeId } = useSidebarViews();
  useEffect(() => onViewShown(activeId !== null), [activeId, onViewShown]);
  const counts = useSavedViewCounts(signedIn && views.length > 0);
  const actions = useSavedViewActions();
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [sharing, setSharing] = useState<SavedView | null>(null);
  if (session.ready && !signedIn) return null;
  const { personal, shared } = groupViews(views, session.userId);
  const item = (v: SavedView) => (
    <ViewItem
      key={v.id}
      view={v}
      count={counts.data?.[v.id]}
      active={v.id === activeId}
      collapsed={collapsed}
      manage={canEditView(session.principal, v)}
      onRename={() => setRenaming(v)}
      onDelete={() => setDeleting(v)}
      onShare={() => setSharing(v)}
    />
  );
  const remove = (v: SavedView) => {
    actions
      .remove(v, {
        failure: deleteFailure,
        success: {
          ...VIEW_TOASTS.deleted(v.name),
          action: {
            label: 'Undo',
            onSelect: () =>
              void actions.restore(v, { success: VIEW_TOASTS.restored, failure: restoreFailure }).catch(() => undefined),
          },
        },
      })
      .catch(() => undefined);
  };
  const loading = !session.ready || (list.status === 'loading' && !list.data);
  return (
    <nav className="sidebar__group sidebar__views" aria-label="Views" aria-busy={loading || undefined}>
      <h2 className="sidebar__group-label">Views</h2>
      {loading ? (
        <LoadingRow collapsed={collapsed} />
      ) : views.length === 0 ? (
        !collapsed && <p className="sidebar__hint">Filter a dashboard, then choose “Save view” to keep it here.</p>
      ) : (
        <>
          {personal.length > 0 && <ul className="sidebar__menu" aria-label="Your views">{personal.map(item)}</ul>}
          {shared.length > 0 && (
            <>
              <h3 className="sidebar__subgroup-label" id="sidebar-shared-views">Shared</h3>
              <ul className="sidebar__menu" aria-labelledby="sidebar-shared-views">{shared.map(item)}</ul>
            </>
          )}
        </>
      )}
      <ViewNameDialog
        open={!!renaming}
        onClose={() => setRenaming(null)}
        title="Rename view"
        submitLabel="Rename"
        busyLabel="Renaming…"
        initialName={renaming?.name ?? ''}
        showShare={false}
        onSubmit={({ name }) =>
          renaming ? actions.rename(renaming, name, { success: VIEW_TOASTS.renamed, failure: (e) => (formErrorOf(e) ? null : VIEW_TOASTS.renameError) }) : Promise.resolve()}
      />
      <DeleteViewDialog open={!!deleting} view={deleting} onClose={() => setDeleting(null)} onConfirm={remove} />
      <ShareLinkDialog open={!!sharing} view={sharing} onClose={() => setSharing(null)} />
    </nav>
  );
}
