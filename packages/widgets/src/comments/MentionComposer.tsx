import { CadenceApiError, LIMITS, insertMention, mentionQueryAt, type CommentPerson } from '@cadence/core';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';

/**
 * A comment's text box with @-autocomplete (docs/adr/0059). Typing `@` and letters lists the people
 * who may read the campaign whose e-mail matches, in a listbox the textarea controls (the ARIA
 * combobox keyboard model; a textarea may not carry the combobox role, so it keeps its own):
 * ↑/↓ move, Enter or Tab pick, Escape closes the list (not the dialog). Ctrl/Cmd+Enter sends.
 */
export function MentionComposer({ campaignId, initial = '', label, submitLabel, onSubmit, onCancel }: {
  campaignId: string;
  initial?: string;
  label: string;
  submitLabel: string;
  /** Sends the text; a rejection with a 400 on `body` is shown under the box, and the text stays. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}): ReactNode {
  const { client } = useCadence();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [people, setPeople] = useState<readonly CommentPerson[]>([]);
  const [active, setActive] = useState(0);
  const open = typing !== null && people.length > 0;

  useEffect(() => {
    if (!typing) return;
    let live = true;
    client.campaignComments.mentionable(campaignId, { q: typing.query, limit: 8 }).then(
      (found) => {
        if (!live) return;
        setPeople(found);
        setActive(0);
      },
      () => live && setPeople([]),
    );
    return () => {
      live = false;
    };
  }, [client, campaignId, typing?.query, typing !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const follow = (value: string, caret: number) => {
    setText(value);
    setError(undefined);
    setTyping(mentionQueryAt(value, caret));
  };
  const pick = (person: CommentPerson) => {
    if (!typing) return;
    const caret = box.current?.selectionStart ?? text.length;
    const next = insertMention(text, typing.start, caret, person.email, person.id);
    setText(next.text);
    setTyping(null);
    setPeople([]);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const send = async () => {
    const body = text.trim();
    if (!body) {
      setError('Comment is required');
      return;
    }
    if (body.length > LIMITS.campaignCommentMaxLength) {
      setError(`Must be at most ${LIMITS.campaignCommentMaxLength} characters`);
      return;
    }
    setSending(true);
    try {
      await onSubmit(body);
      if (!onCancel) setText('');
    } catch (e) {
      setError(e instanceof CadenceApiError ? (e.fieldMessage('body') ?? e.message) : 'Could not send the comment. Try again.');
    } finally {
      setSending(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : people.length - 1)) % people.length);
        return;
      }
      if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey) || e.key === 'Tab') {
        // Picks the person; the dialog's focus trap must not move on.
        e.preventDefault();
        e.stopPropagation();
        pick(people[active]!);
        return;
      }
      if (e.key === 'Escape') {
        // Closes the list only: the dialog around stays open.
        e.preventDefault();
        e.stopPropagation();
        setTyping(null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };

  const listId = `${id}-people`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form className="cad-composer cad-field" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`} className="cad-field__label">{label}</label>
      <div className="cad-composer__field">
        <textarea
          ref={box}
          id={`${id}-text`}
          className="cad-input cad-composer__text"
          rows={3}
          value={text}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          {...(open ? { 'aria-activedescendant': `${listId}-${active}` } : {})}
          onChange={(e) => follow(e.target.value, e.target.selectionStart)}
          onSelect={(e) => setTyping(mentionQueryAt(e.currentTarget.value, e.currentTarget.selectionStart))}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setTyping(null), 150)}
        />
        <ul id={listId} role="listbox" aria-label="People to mention" className="cad-composer__people" hidden={!open}>
          {open &&
            people.map((person, i) => (
              <li
                key={person.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="cad-composer__person"
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(person);
                }}
              >
                {person.email}
              </li>
            ))}
        </ul>
      </div>
      {error && <p id={errorId} className="cad-field__error" role="alert">{error}</p>}
      <p id={hintId} className="cad-hint cad-composer__hint">**bold**, *italic*, [links](https://…), @ to mention someone who can see this campaign. Ctrl+Enter sends.</p>
      <p className="cad-sr-only" role="status" aria-live="polite">{open ? `${people.length} ${people.length === 1 ? 'person' : 'people'} to mention, use up and down to choose` : ''}</p>
      <div className="cad-composer__actions">
        <button type="submit" className="cad-button cad-button--primary" disabled={sending}>{sending ? 'Sending…' : submitLabel}</button>
        {onCancel && <button type="button" className="cad-button" onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  );
}
