import {
  dashboardViewSearch,
  nextDashboardView,
  parseDashboardView,
  type Channel,
  type DashboardTab,
  type DashboardView,
  type DroppedParam,
  type RangesByTab,
} from '@cadence/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Parameters other parts of the app read and tidy away themselves (RootLayout's confirmation notice). */
const APP_PARAMS = ['email_confirmed'];

export interface DashboardViewState {
  view: DashboardView;
  /** Parameters of the link that were not used, until dismissed. */
  dropped: DroppedParam[];
  dismiss: () => void;
  /** Shows another view: a new history entry, so Back returns to this one. */
  update: (patch: Partial<DashboardView>) => void;
}

/**
 * The URL is the view (docs/adr/0029): the dashboard reads its tab, mode, range, date and filters
 * from the query string and writes every change back as a new history entry, so Back and Forward
 * move between views and a copied link reopens the same one. A link's bad or unknown parameters are
 * dropped (the address is rewritten without them, in place) and listed until dismissed.
 * Each tab keeps its own range for the visit (docs/adr/0065): the address names only the shown tab's.
 */
export function useDashboardView(tabs: readonly DashboardTab[], channel?: Channel): DashboardViewState {
  const location = useLocation();
  const navigate = useNavigate();
  const own = useMemo(() => {
    const params = new URLSearchParams(location.search);
    APP_PARAMS.forEach((p) => params.delete(p));
    return params.toString();
  }, [location.search]);
  const parsed = useMemo(() => parseDashboardView(own, { tabs, ...(channel ? { channel } : {}) }), [own, tabs, channel]);
  const [dropped, setDropped] = useState<DroppedParam[]>([]);

  useEffect(() => {
    if (!parsed.dropped.length) return;
    setDropped(parsed.dropped);
    navigate({ search: dashboardViewSearch(parsed.view) }, { replace: true });
  }, [parsed, navigate]);

  const { view } = parsed;
  // What each tab showed so far (links, Back and Forward included), so going back to a tab shows its range.
  const ranges = useRef<RangesByTab>({});
  ranges.current[view.tab] = view.range;
  const update = useCallback(
    (patch: Partial<DashboardView>) => {
      const next = nextDashboardView(view, patch, ranges.current);
      const search = dashboardViewSearch(next);
      if (`?${search}` !== location.search && !(search === '' && location.search === '')) navigate({ search });
    },
    [view, location.search, navigate],
  );
  const dismiss = useCallback(() => setDropped([]), []);
  return { view, dropped, dismiss, update };
}
