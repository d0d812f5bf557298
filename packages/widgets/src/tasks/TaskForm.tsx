import { LIMITS, type Task, type TaskAssignee } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../ui/Field';

export interface TaskFormValues {
  title: string;
  assignee_id: string | null;
  due_date: string | null;
  required: boolean;
  note: string | null;
}

export const taskFormValues = (t?: Task): TaskFormValues => ({
  title: t?.title ?? '',
  assignee_id: t?.assignee_id ?? null,
  due_date: t?.due_date ?? null,
  required: t?.required ?? false,
  note: t?.note ?? null,
});

/**
 * A task's fields: title, assignee (who may read the campaign), due date, required, note. Adds a
 * task (cleared after) or edits one in place (`task`). Checks what the server checks of a title.
 */
export function TaskForm({ task, assignees, onSubmit, onCancel, submitLabel }: {
  task?: Task;
  assignees: readonly TaskAssignee[];
  onSubmit: (values: TaskFormValues) => Promise<unknown> | void;
  onCancel?: () => void;
  submitLabel: string;
}): ReactNode {
  const [v, setV] = useState<TaskFormValues>(() => taskFormValues(task));
  const [error, setError] = useState<string | undefined>();
  const set = <K extends keyof TaskFormValues>(k: K, value: TaskFormValues[K]) => setV((x) => ({ ...x, [k]: value }));
  // A task assigned to someone who no longer may read the campaign keeps them until changed.
  const options = task?.assignee_id && !assignees.some((a) => a.id === task.assignee_id)
    ? [{ id: task.assignee_id, email: task.assignee_email ?? 'Former assignee' }, ...assignees]
    : assignees;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const title = v.title.trim();
    if (!title) return setError('Task title is required');
    if (title.length > LIMITS.taskTitleMaxLength) return setError(`At most ${LIMITS.taskTitleMaxLength} characters`);
    setError(undefined);
    const done = onSubmit({ ...v, title, note: v.note?.trim() || null });
    if (!task) setV(taskFormValues());
    return done;
  };
  return (
    <form className="cad-task-form" onSubmit={(e) => void submit(e)} noValidate aria-label={task ? `Edit ${task.title}` : 'Add a task'}>
      <Field label="Task" required error={error}>
        {(p) => <input {...p} className="cad-input" value={v.title} maxLength={LIMITS.taskTitleMaxLength} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <div className="cad-task-form__row">
        <Field label="Assignee">
          {(p) => (
            <select {...p} className="cad-input" value={v.assignee_id ?? ''} onChange={(e) => set('assignee_id', e.target.value || null)}>
              <option value="">Nobody</option>
              {options.map((a) => (
                <option key={a.id} value={a.id}>{a.email}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Due date">
          {(p) => <input {...p} type="date" className="cad-input" value={v.due_date ?? ''} onChange={(e) => set('due_date', e.target.value || null)} />}
        </Field>
      </div>
      <label className="cad-checkbox">
        <input type="checkbox" checked={v.required} onChange={(e) => set('required', e.target.checked)} />
        Required before go-live
      </label>
      <Field label="Note">
        {(p) => <textarea {...p} className="cad-input" rows={2} maxLength={LIMITS.taskNoteMaxLength} value={v.note ?? ''} onChange={(e) => set('note', e.target.value)} />}
      </Field>
      <div className="cad-task-form__actions">
        {onCancel && (
          <button type="button" className="cad-button cad-button--outline" onClick={onCancel}>Cancel</button>
        )}
        <button type="submit" className="cad-button cad-button--primary">{submitLabel}</button>
      </div>
    </form>
  );
}
