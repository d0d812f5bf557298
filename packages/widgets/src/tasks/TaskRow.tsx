import { formatYmd, isOverdue, taskPlanFlag, type Task } from '@cadence/core';
import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { Menu, type MenuItem } from '../ui/Menu';
import { TriangleAlert } from '../ui/icons';

export interface TaskRowProps {
  task: Task;
  today: string;
  /** Its campaign's go-live (default: the task's own campaign's): an open task due after it is marked "After go-live". */
  liveDate?: string | null;
  /** May change everything of it (its campaign's editors). */
  editable: boolean;
  /** May tick it off (its editors, and its assignee with read rights). */
  tickable: boolean;
  first: boolean;
  last: boolean;
  onStatus: (status: Task['status']) => void;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (by: -1 | 1) => void;
  drag?: {
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
    onDragEnd: () => void;
    over: 'before' | 'after' | null;
  };
  handleRef?: (el: HTMLButtonElement | null) => void;
}

/** "Overdue" with a marker: said in words, never by colour alone. */
export function OverdueMark(): ReactNode {
  return (
    <span className="cad-task__overdue">
      <TriangleAlert size={12} aria-hidden="true" /> Overdue
    </span>
  );
}

/** "After go-live": an open task due after its campaign goes live (core's taskPlanFlag), said in words. */
export function AfterLiveMark({ liveDate }: { liveDate: string }): ReactNode {
  return (
    <span className="cad-badge cad-badge--outline cad-task__after-live" title={`Go-live is ${formatYmd(liveDate, 'MMM dd, yyyy')}`}>
      After go-live
    </span>
  );
}

/**
 * One task: a checkbox ticking it off, its title, assignee, due date (and "Overdue" or "After go-live"), "Required",
 * "In progress"; for editors a handle that drags it or moves it with Alt+↑/↓, and a menu.
 */
export function TaskRow({ task: t, today, liveDate = t.campaign?.live_date ?? null, editable, tickable, first, last, onStatus, onEdit, onDelete, onMove, drag, handleRef }: TaskRowProps): ReactNode {
  const done = t.status === 'done';
  const overdue = isOverdue(t, today);
  const afterLive = !!liveDate && taskPlanFlag(t, liveDate, today) === 'after_live';
  const onKeyDown = (e: KeyboardEvent) => {
    if (!editable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    if (e.key === 'ArrowUp' && !first) onMove(-1);
    if (e.key === 'ArrowDown' && !last) onMove(1);
  };
  const items: MenuItem[] = [
    ...(tickable && t.status === 'todo' ? [{ label: 'Mark in progress', onSelect: () => onStatus('in_progress') }] : []),
    ...(tickable && t.status === 'in_progress' ? [{ label: 'Mark not started', onSelect: () => onStatus('todo') }] : []),
    ...(editable
      ? [
          { label: 'Edit', onSelect: onEdit },
          ...(first ? [] : [{ label: 'Move up', onSelect: () => onMove(-1) }]),
          ...(last ? [] : [{ label: 'Move down', onSelect: () => onMove(1) }]),
          { label: 'Delete', onSelect: onDelete, danger: true },
        ]
      : []),
  ];
  const classes = ['cad-task', done && 'cad-task--done', overdue && 'cad-task--overdue', drag?.over && `cad-task--drop-${drag.over}`].filter(Boolean).join(' ');
  return (
    <li className={classes} data-task={t.id} onKeyDown={onKeyDown} onDragOver={drag?.onDragOver} onDrop={drag?.onDrop}>
      {editable && (
        <button
          ref={handleRef}
          type="button"
          className="cad-task__handle"
          aria-label={`Reorder ${t.title}`}
          aria-description="Alt+Up and Alt+Down move it; or drag it"
          draggable
          onDragStart={drag?.onDragStart}
          onDragEnd={drag?.onDragEnd}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <input
        type="checkbox"
        className="cad-task__check"
        checked={done}
        disabled={!tickable}
        aria-label={`Done: ${t.title}`}
        onChange={() => onStatus(done ? 'todo' : 'done')}
      />
      <div className="cad-task__body">
        <span className="cad-task__title">{t.title}</span>
        <span className="cad-task__meta">
          {t.status === 'in_progress' && <span className="cad-badge cad-badge--accent">In progress</span>}
          {t.required && <span className="cad-badge cad-badge--outline">Required</span>}
          {t.due_date && <span>Due {formatYmd(t.due_date, 'MMM dd, yyyy')}</span>}
          {overdue && <OverdueMark />}
          {afterLive && <AfterLiveMark liveDate={liveDate} />}
          <span>{t.assignee_email ?? 'Unassigned'}</span>
        </span>
        {t.note && <span className="cad-task__note">{t.note}</span>}
      </div>
      {items.length > 0 && <Menu label={`Actions for ${t.title}`} items={items} />}
    </li>
  );
}
