import { HISTORY_RESOURCES, addDays, can, isYmd, type HistoryQuery, type HistoryResource } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { useUsers } from '../provider/resources';
import { useSession } from '../provider/session';
import historyCss from '../styles/history.css?inline';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { PageTitle } from '../ui/bits';
import { Field, Select } from '../ui/Field';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { HistoryTimeline } from './HistoryTimeline';
import { resourceLabel } from './history-rules';

export interface ActivityFilters {
  actor: string;
  resource: HistoryResource | '';
  since: string;
  until: string;
}

/** The API's query for the filters: empty ones left out, `until` through the end of that day. */
export function activityQuery(f: ActivityFilters): Omit<HistoryQuery, 'cursor' | 'limit'> {
  return {
    ...(f.actor ? { actor: f.actor } : {}),
    ...(f.resource ? { resource: f.resource } : {}),
    ...(isYmd(f.since) ? { since: f.since } : {}),
    // The day after, exclusive; the last day a Ymd can hold has none, so it sets no bound.
    ...(isYmd(f.until) && f.until < '9999-12-31' ? { until: addDays(f.until, 1) } : {}),
  };
}

const RESOURCE_OPTIONS = HISTORY_RESOURCES.map((r) => [r, resourceLabel(r)] as const);

function ActivityBody({ headingLevel }: PageWidgetProps): ReactNode {
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const users = useUsers(admin);
  const [filters, setFilters] = useState<ActivityFilters>({ actor: '', resource: '', since: '', until: '' });
  const set = (patch: Partial<ActivityFilters>) => setFilters((f) => ({ ...f, ...patch }));
  if (!session.ready) return <p className="cad-hint" role="status">Loading…</p>;
  if (!admin) {
    const Title = headingLevel === 1 ? 'h1' : 'h2';
    return (
      <div className="cad-empty" role="alert">
        <Title className="cad-empty__title">Access Denied</Title>
        <p className="cad-empty__text">Only administrators can see the whole activity log.</p>
      </div>
    );
  }
  const people = (users.data ?? []).map((u) => [u.id, u.email] as const);
  return (
    <section className="cad-page cad-history" aria-labelledby="cad-activity-title">
      <header className="cad-page-header">
        <div className="cad-page-header__text">
          <PageTitle level={headingLevel} id="cad-activity-title">Activity</PageTitle>
          <p className="cad-hint">Every change anyone made, newest first.</p>
        </div>
      </header>
      <div className="cad-history__filters" role="search" aria-label="Filter activity">
        <Field label="Person">{(p) => <Select options={people} value={filters.actor} placeholder="Everyone" onChange={(v) => set({ actor: v })} {...p} />}</Field>
        <Field label="Kind of record">
          {(p) => <Select options={RESOURCE_OPTIONS} value={filters.resource} placeholder="All records" onChange={(v) => set({ resource: v })} {...p} />}
        </Field>
        <Field label="From">{(p) => <input type="date" className="cad-input" value={filters.since} onChange={(e) => set({ since: e.target.value })} {...p} />}</Field>
        <Field label="To">{(p) => <input type="date" className="cad-input" value={filters.until} onChange={(e) => set({ until: e.target.value })} {...p} />}</Field>
      </div>
      <HistoryTimeline source={{ query: activityQuery(filters) }} withNoun />
    </section>
  );
}

/** Admin-only: the whole activity log, filtered by person, kind of record and date, newest first (docs/adr/0028). */
export function ActivityLog(props: PageWidgetProps): ReactNode {
  return (
    <WidgetRoot name="ActivityLog" client={props.client} className={props.className}>
      <WidgetStyles css={pagesCss} />
      <WidgetStyles css={historyCss} />
      <ActivityBody {...props} />
    </WidgetRoot>
  );
}
