import {
  CAMPAIGN_STATUSES,
  CHANNELS,
  FILTER_TEXT_MAX_LENGTH,
  PRIORITIES,
  can,
  filterChannels,
  isFiltered,
  priorityLabel,
  statusLabel,
  type CampaignFilter,
  type Channel,
  type TaskAssignee,
} from '@cadence/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useCampaignStats } from '../provider/campaign-queries';
import { useList, useUsers } from '../provider/resources';
import { useSession } from '../provider/session';
import { ICON_SIZE, Funnel } from '../ui/icons';
import { Popover } from '../ui/Popover';
import { SEARCH_DELAY_MS } from '../ui/use-debounced-value';
import { useMediaQuery } from '../ui/use-media-query';
import { useSyncedState } from '../ui/use-synced-state';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { filterCountText, withFilter } from './filter-bar-rules';
import filtersCss from '../styles/filters.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';

export interface FilterBarProps extends WidgetProps {
  /** The filters shown; a change of the prop is followed (links, back and forward). Default: none. */
  value?: CampaignFilter;
  /** Every change the user makes, the search box's after a short pause. */
  onChange?: (filter: CampaignFilter) => void;
  /** A channel dashboard: no channel choice, and the count is of that channel's campaigns. */
  channel?: Channel;
  /** Filters that do not apply where the bar is shown (the Events page has no owners or priorities). */
  hide?: ReadonlyArray<keyof CampaignFilter>;
  /** Show "Showing 12 of 340 campaigns" (counted by the server); default true. */
  showCount?: boolean;
  /** What the search box says it searches; default 'Title, description or owner'. */
  searchPlaceholder?: string;
}

export { SEARCH_DELAY_MS } from '../ui/use-debounced-value';

const SCOPE_OPTIONS = [
  { value: 'global', label: 'Global' },
  { value: 'channel', label: 'Channel-only' },
] as const;

function SelectFilter({ label, value, options, all, onChange, unknownLabel = (v) => v }: {
  label: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  all: string;
  onChange: (value: string | undefined) => void;
  /** How a value from a link that is not among the options reads (default: itself). */
  unknownLabel?: (value: string) => string;
}): ReactNode {
  const id = useId();
  return (
    <div className="cad-filter-bar__field">
      <label className="cad-field__label" htmlFor={id}>{label}</label>
      <select id={id} className="cad-input" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{all}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        {/* An owner from a link that no campaign has (yet) still shows as chosen. */}
        {value && !options.some((o) => o.value === value) && <option value={value}>{unknownLabel(value)}</option>}
      </select>
    </div>
  );
}

function ChannelsFilter({ value, onChange }: { value: readonly Channel[]; onChange: (channels: Channel[]) => void }): ReactNode {
  const names = CHANNELS.filter((c) => value.includes(c.value)).map((c) => c.label);
  const summary = names.length === 0 ? 'All channels' : names.length <= 2 ? names.join(', ') : `${names.length} channels`;
  const toggle = (c: Channel) => onChange(value.includes(c) ? value.filter((v) => v !== c) : [...value, c]);
  return (
    <div className="cad-filter-bar__field">
      <span className="cad-field__label" aria-hidden="true">Channels</span>
      <Popover label={`Channels: ${summary}`} title="Channels" className="cad-input cad-filter-bar__trigger" trigger={<span>{summary}</span>}>
        <fieldset className="cad-fieldset cad-filter-bar__channels">
          <legend className="cad-sr-only">Show campaigns on any of these channels</legend>
          {CHANNELS.map((c) => (
            <label key={c.value} className="cad-checkbox">
              <input type="checkbox" checked={value.includes(c.value)} onChange={() => toggle(c.value)} />
              <span className="cad-dot" style={{ background: c.color }} aria-hidden="true" />
              {c.label}
            </label>
          ))}
        </fieldset>
      </Popover>
    </div>
  );
}

/**
 * A filter that is on or off (`overdue=1`: an open task due before today; `conflicts=1`: in a
 * planning-rule conflict). A checkbox with its words, so the state is said, not only shown.
 */
function CheckFilter({ label, value, onChange }: { label: string; value: boolean; onChange: (on: boolean) => void }): ReactNode {
  return (
    <div className="cad-filter-bar__field cad-filter-bar__check">
      <label className="cad-checkbox">
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
    </div>
  );
}

/** The search box: types freely, filters after a pause or at once on Enter; follows the filter it is given. */
function SearchFilter({ value, placeholder, onChange }: { value: string | undefined; placeholder: string; onChange: (q: string | undefined) => void }): ReactNode {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (next: string) => {
    clearTimeout(timer.current);
    const q = next.trim() || undefined;
    if (q !== value) onChange(q);
  };
  return (
    <div className="cad-filter-bar__field cad-filter-bar__search">
      <label className="cad-field__label" htmlFor={id}>Search</label>
      <input
        id={id}
        type="search"
        className="cad-input"
        placeholder={placeholder}
        maxLength={FILTER_TEXT_MAX_LENGTH}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), SEARCH_DELAY_MS);
        }}
        onKeyDown={(e) => e.key === 'Enter' && commit(text)}
      />
    </div>
  );
}

const FIELDS: ReadonlyArray<keyof CampaignFilter> = ['channel', 'status', 'priority', 'scope', 'owner', 'assignee', 'overdue', 'conflicts', 'q'];
/** Shown on the bar's one line on a wide screen; the others wait behind "Filters (n)" there, and all of them on a phone (docs/adr/0065). */
const FIRST_LINE: ReadonlyArray<keyof CampaignFilter> = ['channel', 'status', 'priority', 'q'];
/** Where filters.css folds every field away: keep the two in step. */
const PHONE_QUERY = '(max-width: 560px)';

function FilterBarBody({ value, onChange, channel, hide = [], showCount = true, searchPlaceholder = 'Title, description or owner' }: FilterBarProps): ReactNode {
  const [filter, setFilter] = useSyncedState<CampaignFilter>(value, {}, onChange);
  const [open, setOpen] = useState(false);
  const shows = (key: keyof CampaignFilter) => !hide.includes(key) && !(key === 'channel' && channel);
  const base = channel ? { channel } : {};
  // Both counts come from the stats route: the filtered total, and the whole (which also lists the owners).
  const all = useCampaignStats(showCount || shows('owner'), base);
  const shown = useCampaignStats(showCount && isFiltered(filter), { ...filter, ...base });
  const set = <K extends keyof CampaignFilter>(key: K, v: CampaignFilter[K]) => setFilter(withFilter(filter, key, v));
  const owners = (all.data?.owners ?? []).map((o) => ({ value: o, label: o }));
  // Assignees: "Me" for everyone; the install's users where the caller may list them (administrators),
  // else the people they already see assigned to a task.
  const session = useSession();
  const listsUsers = shows('assignee') && session.ready && can(session.principal, 'administer', 'user');
  const users = useUsers(listsUsers);
  const seen = useList<TaskAssignee>(shows('assignee') && session.ready && !listsUsers ? ['seenAssignees'] : null, (c) => c.tasks.seenAssignees());
  const assignees = [
    { value: 'me', label: 'Me' },
    ...((listsUsers ? users.data : seen.data) ?? []).filter((u) => u.id !== session.userId).map((u) => ({ value: u.id, label: u.email })),
  ];
  const count = filterCountText(isFiltered(filter) ? shown.data?.total : all.data?.total, all.data?.total);
  const chosen = (Object.keys(filter) as Array<keyof CampaignFilter>).filter(shows);
  // The button counts the filters it hides: all of them on a phone, the second line's on a wider screen.
  const phone = useMediaQuery(PHONE_QUERY);
  const hidden = phone ? chosen.length : chosen.filter((k) => !FIRST_LINE.includes(k)).length;
  // A bar of one field (the Events page's search) shows it on a phone too: nothing to fold away.
  const collapsible = FIELDS.filter(shows).length > 1;
  const hasMore = FIELDS.some((k) => shows(k) && !FIRST_LINE.includes(k));
  const classes = ['cad-filter-bar', collapsible && 'cad-filter-bar--collapsible', hasMore && 'cad-filter-bar--more', open && 'cad-filter-bar--open'].filter(Boolean).join(' ');
  const fieldsId = useId();
  const moreId = useId();
  return (
    <div role="search" className={classes} aria-label="Filter campaigns">
      <div id={fieldsId} className="cad-filter-bar__fields">
        {shows('channel') && <ChannelsFilter value={filterChannels(filter)} onChange={(cs) => set('channel', cs.length ? cs : undefined)} />}
        {shows('status') && (
          <SelectFilter label="Status" all="All statuses" value={filter.status}
            options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            onChange={(v) => set('status', v as CampaignFilter['status'])} />
        )}
        {shows('priority') && (
          <SelectFilter label="Priority" all="All priorities" value={filter.priority}
            options={PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) }))}
            onChange={(v) => set('priority', v as CampaignFilter['priority'])} />
        )}
        {shows('q') && <SearchFilter value={filter.q} placeholder={searchPlaceholder} onChange={(q) => set('q', q)} />}
      </div>
      <div className="cad-filter-bar__end">
        {/* The fields this button shows (filters.css): the rest of them on a wide screen, all of them on a phone. */}
        {(collapsible || hasMore) && (
          <button type="button" className="cad-button cad-filter-bar__toggle" aria-expanded={open} aria-controls={`${fieldsId} ${moreId}`} onClick={() => setOpen((o) => !o)}>
            <Funnel size={ICON_SIZE} aria-hidden="true" />
            {hidden ? `Filters (${hidden})` : 'Filters'}
          </button>
        )}
        {showCount && <p className="cad-filter-bar__count" role="status" aria-live="polite">{count}</p>}
        <button type="button" className="cad-button" disabled={!isFiltered(filter)} onClick={() => setFilter({})}>Clear filters</button>
      </div>
      <div id={moreId} className="cad-filter-bar__more">
        {shows('scope') && (
          <SelectFilter label="Scope" all="All scopes" value={filter.scope} options={SCOPE_OPTIONS}
            onChange={(v) => set('scope', v as CampaignFilter['scope'])} />
        )}
        {shows('owner') && <SelectFilter label="Owner" all="All owners" value={filter.owner} options={owners} onChange={(v) => set('owner', v)} />}
        {shows('assignee') && (
          <SelectFilter label="Task assignee" all="Anyone" value={filter.assignee} options={assignees}
            unknownLabel={(id) => (id === session.userId ? 'Me' : 'A user')}
            onChange={(v) => set('assignee', v)} />
        )}
        {shows('overdue') && <CheckFilter label="Has overdue tasks" value={filter.overdue === '1'} onChange={(on) => set('overdue', on ? '1' : undefined)} />}
        {shows('conflicts') && <CheckFilter label="Conflicts" value={filter.conflicts === '1'} onChange={(on) => set('conflicts', on ? '1' : undefined)} />}
      </div>
    </div>
  );
}

/**
 * Channels, status, priority, scope, owner, a task's assignee, "has overdue tasks", "Conflicts" (planning rules) and a search box
 * over the dashboards (docs/adr/0029, docs/adr/0050),
 * with "Clear filters" and the count of campaigns shown. Controlled (`value`, `onChange`) or on its own.
 */
export function FilterBar(props: FilterBarProps): ReactNode {
  return (
    <WidgetRoot name="FilterBar" client={props.client} className={props.className}>
      <WidgetStyles css={filtersCss} />
      <FilterBarBody {...props} />
    </WidgetRoot>
  );
}
