import { can, compareTaskOrder, summariseTasks, taskProgressLabel, todayYmd, type Campaign, type Task, type TaskAssignee } from '@cadence/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { TASK_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { useList } from '../provider/resources';
import { useSession } from '../provider/session';
import { EmptyState } from '../ui/bits';
import { mayTick, tasksKey, useTaskActions } from './task-actions';
import { TaskForm, type TaskFormValues } from './TaskForm';
import { TaskRow } from './TaskRow';

const swallow = () => undefined;
// Administrators only, and rarely: loaded when first opened.
const SaveAsTemplateDialog = lazy(() => import('../templates/SaveAsTemplateDialog').then((m) => ({ default: m.SaveAsTemplateDialog })));

/** A task shown at once while the server adds it. */
function placeholder(c: Campaign, v: TaskFormValues, userId: string | null, email: string | undefined, now: string): Task {
  return {
    id: `new-${Math.random().toString(36).slice(2)}`, version: 0, created_at: now, updated_at: now, created_by: userId,
    campaign_id: c.id, title: v.title, assignee_id: v.assignee_id, assignee_email: email ?? null, due_date: v.due_date,
    status: 'todo', required: v.required, note: v.note, rank: '\uffff', completed_at: null,
    campaign: { id: c.id, title: c.title, status: c.status, scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, live_date: c.live_date, created_by: c.created_by },
  } as Task;
}

/**
 * The campaign dialog's Tasks tab (docs/adr/0049): the campaign's tasks in their order. Whoever may
 * update the campaign adds, edits, ticks, reorders (drag, or Alt+↑/↓, announced) and deletes
 * (with Undo); whoever may only read it sees them, and ticks the tasks assigned to them.
 */
export function TasksPanel({ campaign }: { campaign: Campaign }): ReactNode {
  const { now } = useCadence();
  const session = useSession();
  const today = todayYmd(now());
  const editable = can(session.principal, 'update', 'campaign', campaign);
  const q = useList<Task>(tasksKey(campaign.id), (c) => c.tasks.list(campaign.id), TASK_TOASTS.loadError);
  const assignees = useList<TaskAssignee>(editable ? ['taskAssignees', { campaign: campaign.id }] : null, (c) => c.tasks.assignees(campaign.id));
  const actions = useTaskActions();
  const tasks = useMemo(() => [...(q.data ?? [])].sort(compareTaskOrder), [q.data]);
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [savingAsTemplate, setSavingAsTemplate] = useState(false);
  const templater = can(session.principal, 'create', 'template');
  const [over, setOver] = useState<{ id: string; side: 'before' | 'after' } | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [refocus, setRefocus] = useState<string | null>(null);

  // A moved row's handle keeps the focus (moving a node in the document can drop it).
  useEffect(() => {
    if (!refocus) return;
    const el = handles.current.get(refocus);
    if (el && el.ownerDocument.activeElement !== el) el.focus();
    setRefocus(null);
  }, [refocus, tasks]);

  const moveTo = (t: Task, place: { before: string } | { after: string }, position: number) => {
    setAnnouncement(`Moved ${t.title} to position ${position} of ${tasks.length}.`);
    void actions.move(t, place, tasks).catch(swallow);
  };
  const moveBy = (t: Task, by: -1 | 1) => {
    const i = tasks.findIndex((x) => x.id === t.id);
    const neighbour = tasks[i + by];
    if (!neighbour) return;
    setRefocus(t.id);
    moveTo(t, by < 0 ? { before: neighbour.id } : { after: neighbour.id }, i + by + 1);
  };
  const drop = (target: Task, side: 'before' | 'after') => {
    const t = tasks.find((x) => x.id === dragging);
    setDragging(null);
    setOver(null);
    if (!t || t.id === target.id) return;
    const rest = tasks.filter((x) => x.id !== t.id);
    const at = rest.findIndex((x) => x.id === target.id) + (side === 'after' ? 1 : 0);
    moveTo(t, side === 'before' ? { before: target.id } : { after: target.id }, at + 1);
  };
  const dragOf = (t: Task) => ({
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', t.title);
      setDragging(t.id);
    },
    onDragOver: (e: DragEvent) => {
      if (!dragging) return;
      e.preventDefault();
      const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
      const side = e.clientY < box.top + box.height / 2 ? 'before' : 'after';
      if (over?.id !== t.id || over.side !== side) setOver({ id: t.id, side });
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      drop(t, over?.id === t.id ? over.side : 'after');
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
    over: over?.id === t.id ? over.side : null,
  });

  const add = (v: TaskFormValues) => {
    const email = assignees.data?.find((a) => a.id === v.assignee_id)?.email;
    const body = { title: v.title, assignee_id: v.assignee_id, due_date: v.due_date, required: v.required, ...(v.note ? { note: v.note } : {}) };
    return actions.create(campaign.id, body, placeholder(campaign, v, session.userId, email, now().toISOString())).catch(swallow);
  };
  const save = (t: Task, v: TaskFormValues) => {
    setEditing(null);
    const patch: Record<string, unknown> = {};
    for (const k of ['title', 'assignee_id', 'due_date', 'required', 'note'] as const) if ((t[k] ?? null) !== (v[k] ?? null)) patch[k] = v[k];
    if (Object.keys(patch).length === 0) return;
    const email = 'assignee_id' in patch ? (assignees.data?.find((a) => a.id === v.assignee_id)?.email ?? null) : t.assignee_email;
    void actions.update({ ...t, assignee_email: email }, patch).catch(swallow);
  };

  let body: ReactNode;
  if (q.status === 'loading') body = <p className="cad-hint" role="status">Loading tasks…</p>;
  else if (q.status === 'error') {
    body = (
      <div className="cad-empty" role="alert">
        <p className="cad-empty__title">Failed to load tasks.</p>
        <button type="button" className="cad-button" onClick={q.refetch}>Try again</button>
      </div>
    );
  } else if (tasks.length === 0) {
    body = <EmptyState title="No tasks yet" {...(editable ? { text: 'Add the first task below.' } : {})} />;
  } else {
    const summary = summariseTasks(tasks);
    body = (
      <>
        <p className="cad-tasks__summary">
          <span aria-hidden="true">{taskProgressLabel(summary)} done</span>
          <span className="cad-sr-only">{summary.done} of {summary.total} tasks done</span>
          {summary.open_required > 0 && <span> · {summary.open_required} required still open</span>}
        </p>
        <ul className="cad-tasks" aria-label="Tasks">
          {tasks.map((t, i) =>
            editing === t.id ? (
              <li key={t.id} className="cad-task cad-task--editing">
                <TaskForm task={t} assignees={assignees.data ?? []} submitLabel="Save task" onCancel={() => setEditing(null)} onSubmit={(v) => save(t, v)} />
              </li>
            ) : (
              <TaskRow
                key={t.id}
                task={t}
                today={today}
                liveDate={campaign.live_date}
                editable={editable}
                tickable={editable || mayTick(session.principal, t)}
                first={i === 0}
                last={i === tasks.length - 1}
                onStatus={(status) => void actions.setStatus(t, status).catch(swallow)}
                onEdit={() => setEditing(t.id)}
                onDelete={() => void actions.remove(t, tasks).catch(swallow)}
                onMove={(by) => moveBy(t, by)}
                handleRef={(el) => {
                  if (el) handles.current.set(t.id, el);
                  else handles.current.delete(t.id);
                }}
                {...(editable ? { drag: dragOf(t) } : {})}
              />
            ),
          )}
        </ul>
      </>
    );
  }
  return (
    <div className="cad-tasks-panel">
      {body}
      {editable && q.status === 'success' && (
        <section className="cad-tasks__add" aria-labelledby={`cad-tasks-add-${campaign.id}`}>
          <h3 id={`cad-tasks-add-${campaign.id}`} className="cad-tasks__heading">Add a task</h3>
          <TaskForm assignees={assignees.data ?? []} submitLabel="Add task" onSubmit={add} />
        </section>
      )}
      {!editable && q.status === 'success' && <p className="cad-hint">You may only read this campaign: you can tick off the tasks assigned to you.</p>}
      {templater && q.status === 'success' && tasks.length > 0 && (
        <p>
          <button type="button" className="cad-button" onClick={() => setSavingAsTemplate(true)}>
            Save as template
          </button>
        </p>
      )}
      {savingAsTemplate && (
        <Suspense fallback={null}>
          <SaveAsTemplateDialog open onOpenChange={setSavingAsTemplate} campaign={campaign} />
        </Suspense>
      )}
      <p className="cad-sr-only" role="status" aria-live="polite">{announcement}</p>
    </div>
  );
}
