import { can, parseCampaignFilterParams } from '@cadence/core';
import { EventsBoard, FilterBar, useSession } from '@cadence/widgets';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState, NoAccess } from '../ui/states';

/** Of the dashboards' filters only the search applies to events (docs/adr/0029). */
const NOT_FOR_EVENTS = ['channel', 'status', 'priority', 'scope', 'owner', 'assignee', 'overdue', 'conflicts'] as const;

/** docs/product.md#events-page (/channel/events); the search lives in `?q=` like the dashboards'. */
export function EventsPage(): ReactNode {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('q');
  const filter = useMemo(() => {
    const q = parseCampaignFilterParams(new URLSearchParams(raw === null ? '' : { q: raw })).filter.q;
    return q ? { q } : {};
  }, [raw]);
  if (!session.ready) return <LoadingState />;
  if (!can(session.principal, 'read', 'event')) return <NoAccess what="events" />;
  const search = (
    <FilterBar
      value={filter}
      hide={NOT_FOR_EVENTS}
      showCount={false}
      // An event is found by its name, its types and its audiences (events/event-rules.ts).
      searchPlaceholder="Name, type or audience"
      onChange={(f) =>
        setParams((p) => {
          if (f.q) p.set('q', f.q);
          else p.delete('q');
          return p;
        })}
    />
  );
  return (
    <div className="page">
      <EventsBoard headingLevel={1} filter={filter} toolbar={search} />
    </div>
  );
}
