import { campaignMatchesFilter, can, eventAsCampaign, formatYmd, type CadenceEvent, type CampaignFilter, type ScheduleView } from '@cadence/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Calendar } from '../calendar/Calendar';
import { Gantt } from '../gantt/Gantt';
import { AD_TOASTS } from '../messages';
import { useEvents } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { Badge, EmptyState, PageTitle } from '../ui/bits';
import { TabPanel, Tabs } from '../ui/Tabs';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { EventDialog } from './EventDialog';
import { WidgetStyles } from '../styles/WidgetStyles';
import pagesCss from '../styles/pages.css?inline';

export type EventsTab = 'timeline' | 'calendar' | 'list';

export interface EventsBoardProps extends PageWidgetProps {
  /** Initial tab; default 'timeline'. */
  tab?: EventsTab;
  /** Initial schedule of Timeline and Calendar; default 'live' (Live Schedule). */
  view?: ScheduleView;
  /** Only the events that pass it, read as campaigns (name as title; the search is what applies here, docs/adr/0029). */
  filter?: CampaignFilter;
  /** Shown between the title and the tabs (the app's search box). */
  toolbar?: ReactNode;
}

const TABS = [
  { value: 'timeline', label: 'Timeline' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'list', label: 'Event List' },
] as const;

function EventCard({ event }: { event: CadenceEvent }): ReactNode {
  return (
    <article className="cad-card" aria-label={event.name}>
      <h3 className="cad-card__title">{event.name}</h3>
      <p className="cad-card__dates">{formatYmd(event.start_date, 'MMM dd, yyyy')} – {formatYmd(event.end_date, 'MMM dd, yyyy')}</p>
      {(event.location || event.venue) && <p className="cad-card__description">{[event.location, event.venue].filter(Boolean).join(' · ')}</p>}
      {event.audience.length > 0 && <p className="cad-card__owner">Audience: {event.audience.join(', ')}</p>}
      <div className="cad-chips">{event.type.map((t) => <Badge key={t} tone="outline">{t}</Badge>)}</div>
      {event.event_url && (
        <a className="cad-link" href={event.event_url} target="_blank" rel="noreferrer noopener">View Event Details<span className="cad-sr-only"> for {event.name}</span></a>
      )}
    </article>
  );
}

function EventsBody({ headingLevel, tab: initial = 'timeline', view = 'live', filter, toolbar }: EventsBoardProps): ReactNode {
  const session = useSession();
  const events = useEvents();
  const write = useWrite();
  const [tab, setTab] = useState<EventsTab>(initial);
  const [adding, setAdding] = useState(false);
  const idBase = useId();
  const filterKey = JSON.stringify(filter ?? {});
  const shown = useMemo(
    () => (events.data ?? []).filter((e) => !filter || campaignMatchesFilter(eventAsCampaign(e), filter)),
    [events.data, filterKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const items = useMemo(() => shown.map(eventAsCampaign), [shown]);
  const list = shown;
  const filtered = shown.length < (events.data?.length ?? 0);
  return (
    <section className="cad-page" aria-labelledby={`${idBase}-title`} aria-busy={events.status === 'loading'}>
      <header className="cad-page-header">
        <div className="cad-page-header__text">
          <PageTitle level={headingLevel} id={`${idBase}-title`}>Events</PageTitle>
          <p className="cad-page-subtitle">Manage your company events and participation</p>
        </div>
        {can(session.principal, 'create', 'event') && <button type="button" className="cad-button cad-button--primary" onClick={() => setAdding(true)}>Add New Event</button>}
      </header>
      {toolbar}
      <Tabs label="Events views" idBase={idBase} value={tab} tabs={TABS} onChange={setTab} />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'timeline' && <Gantt items={items} view={view} showChannels={false} />}
        {tab === 'calendar' && <Calendar items={items} view={view} />}
        {tab === 'list' && (events.status === 'loading' ? <p className="cad-hint" role="status">Loading events...</p>
          : list.length === 0 && filtered ? <EmptyState title="No events match the search" />
          : list.length === 0 ? <EmptyState title='No events yet. Click "Add New Event" to get started.' />
          : <div className="cad-list-grid">{list.map((e) => <EventCard key={e.id} event={e} />)}</div>)}
      </TabPanel>
      <EventDialog
        open={adding}
        onOpenChange={setAdding}
        onSave={(body) => write({ call: (c) => c.events.create(body), success: AD_TOASTS.eventAdded, failure: AD_TOASTS.eventAddError, invalidate: ['events', 'virtual'] })}
      />
    </section>
  );
}

/** The events page: timeline, calendar and list of company events (docs/product.md#events-page). */
export function EventsBoard(props: EventsBoardProps): ReactNode {
  return (
    <WidgetRoot name="EventsBoard" client={props.client} className={props.className}>
      <WidgetStyles css={pagesCss} />
      <EventsBody {...props} />
    </WidgetRoot>
  );
}
