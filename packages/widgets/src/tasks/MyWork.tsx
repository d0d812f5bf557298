import { formatYmd, todayYmd, type Task, type TaskListStatus } from '@cadence/core';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { EmptyState, PageTitle, Segmented } from '../ui/bits';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { groupMyWork, matchesText, MY_WORK_GROUP_LABELS } from './my-work-groups';
import { useMyWork } from './my-tasks';
import { mayTick, useTaskActions } from './task-actions';
import { OverdueMark } from './TaskRow';
import { TriangleAlert } from '../ui/icons';
import { SEARCH_DELAY_MS, useDebouncedValue } from '../ui/use-debounced-value';

export interface MyWorkProps extends PageWidgetProps {
  /** Where a task's campaign opens (e.g. the app's link to it); without it the campaign is named, not linked. */
  campaignHref?: (campaignId: string) => string;
  /** The status shown first (default `open`). */
  initialStatus?: TaskListStatus;
}

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
] as const;

const swallow = () => undefined;

function MyTaskRow({ task: t, today, tickable, campaignHref }: { task: Task; today: string; tickable: boolean; campaignHref: MyWorkProps['campaignHref'] }): ReactNode {
  const actions = useTaskActions();
  const done = t.status === 'done';
  return (
    <li className={`cad-task${done ? ' cad-task--done' : ''}`}>
      <input type="checkbox" className="cad-task__check" checked={done} disabled={!tickable} aria-label={`Done: ${t.title}`}
        onChange={() => void actions.setStatus(t, done ? 'todo' : 'done').catch(swallow)} />
      <div className="cad-task__body">
        <span className="cad-task__title">{t.title}</span>
        <span className="cad-task__campaign">
          {campaignHref ? <a href={campaignHref(t.campaign_id)}>{t.campaign.title}</a> : t.campaign.title}
        </span>
        <span className="cad-task__meta">
          {t.status === 'in_progress' && <span className="cad-badge cad-badge--accent">In progress</span>}
          {t.required && <span className="cad-badge cad-badge--outline">Required</span>}
          {t.due_date && <span>Due {formatYmd(t.due_date, 'MMM dd, yyyy')}</span>}
          {t.status !== 'done' && t.due_date !== null && t.due_date < today && <OverdueMark />}
        </span>
      </div>
    </li>
  );
}

function MyWorkBody({ headingLevel, campaignHref, initialStatus = 'open' }: MyWorkProps): ReactNode {
  const { now } = useCadence();
  const session = useSession();
  const today = todayYmd(now());
  const [status, setStatus] = useState<TaskListStatus>(initialStatus);
  const [text, setText] = useState('');
  const searchId = useId();
  // The server searches every task once the typing pauses; meanwhile what is shown narrows at once,
  // and a new search keeps the last answer on screen (busy) rather than a loading text.
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const work = useMyWork(status, search);
  const last = useRef<{ status: TaskListStatus; items: Task[] } | null>(null);
  if (work.status === 'success') last.current = { status, items: work.items };
  const stale = work.status === 'loading' && last.current?.status === status ? last.current.items : null;
  const items = stale ?? work.items;
  const shown = useMemo(() => items.filter((t) => matchesText(t, text)), [items, text]);
  const groups = useMemo(() => groupMyWork(shown, today), [shown, today]);
  const Group = headingLevel === 1 ? 'h2' : 'h3';

  let body: ReactNode;
  if (work.status === 'loading' && !stale) body = <p className="cad-hint" role="status">Loading your tasks…</p>;
  else if (work.status === 'error') {
    body = (
      <div className="cad-empty" role="alert">
        <p className="cad-empty__title">Failed to load your tasks.</p>
        <button type="button" className="cad-button" onClick={work.refetch}>Try again</button>
      </div>
    );
  } else if (shown.length === 0) {
    body = <EmptyState title={text ? 'No tasks match' : status === 'done' ? 'Nothing done yet' : 'No tasks assigned to you'} />;
  } else {
    body = groups.map(({ group, tasks }) => (
      <section key={group} aria-labelledby={`${searchId}-${group}`}>
        <Group id={`${searchId}-${group}`} className="cad-my-work__group">
          {group === 'overdue' && <TriangleAlert size={14} aria-hidden="true" />}
          {MY_WORK_GROUP_LABELS[group]} ({tasks.length})
        </Group>
        <ul className="cad-tasks" aria-labelledby={`${searchId}-${group}`}>
          {tasks.map((t) => (
            <MyTaskRow key={t.id} task={t} today={today} tickable={mayTick(session.principal, t)} campaignHref={campaignHref} />
          ))}
        </ul>
      </section>
    ));
  }
  return (
    <div className="cad-my-work" aria-busy={work.status === 'loading' || search !== text.trim()}>
      <WidgetStyles css={pagesCss} />
      <PageTitle level={headingLevel}>My work</PageTitle>
      <div className="cad-my-work__filters">
        <Segmented label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        <label className="cad-sr-only" htmlFor={searchId}>Search tasks</label>
        <input id={searchId} type="search" className="cad-input cad-my-work__search" placeholder="Search tasks or campaigns" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {body}
      {work.hasMore && (
        <div>
          <button type="button" className="cad-button cad-button--outline" disabled={work.loadingMore} onClick={work.loadMore}>
            {work.loadingMore ? 'Loading more tasks…' : 'Load more tasks'}
          </button>
          {work.moreFailed && <p className="cad-field__error" role="alert">Loading more tasks failed. Try again.</p>}
        </div>
      )}
    </div>
  );
}

/**
 * "My work": the tasks assigned to the signed-in user across every campaign they may read,
 * grouped Overdue, This week, Later and No due date, filtered by status and text, each ticked
 * off in place (docs/adr/0049). Also `<cadence-my-work>`.
 */
export function MyWork(props: MyWorkProps): ReactNode {
  return (
    <WidgetRoot name="MyWork" client={props.client} className={props.className}>
      <MyWorkBody {...props} />
    </WidgetRoot>
  );
}
