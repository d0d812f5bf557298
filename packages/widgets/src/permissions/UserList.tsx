import { useId, useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../ui/bits';
import { VirtualList } from '../ui/VirtualList';
import { matchesUser, shortId } from './permission-rules';

export interface ListedUser {
  id: string;
  email: string;
  admin?: boolean | undefined;
}

export interface UserListProps {
  users: readonly ListedUser[];
  selected: string | null;
  onSelect: (id: string) => void;
}

/**
 * Every user, searchable by e-mail or id, drawn a screenful at a time: a team of 2,000 people
 * is a scroll box, not a 100,000-pixel page.
 */
export function UserList({ users, selected, onSelect }: UserListProps): ReactNode {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => users.filter((u) => matchesUser(u, query)), [users, query]);
  return (
    <div className="cad-user-picker">
      <label className="cad-sr-only" htmlFor={searchId}>Search users</label>
      <input
        id={searchId}
        type="search"
        className="cad-input"
        placeholder="Search by e-mail or id"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p className="cad-hint" role="status" aria-live="polite">
        {query ? `${shown.length} of ${users.length} users` : `${users.length} users`}
      </p>
      <div className="cad-user-scroll">
        <VirtualList
          items={shown}
          keyOf={(u) => u.id}
          estimate={56}
          role="list"
          aria-label="Users"
          renderItem={(u) => (
            <button type="button" className="cad-user" aria-current={u.id === selected ? 'true' : undefined} onClick={() => onSelect(u.id)}>
              <span className="cad-user__email">{u.email}</span>
              <span className="cad-user__meta">
                <span className="cad-user__id">{shortId(u.id)}</span>
                {u.admin && <Badge tone="accent">Admin</Badge>}
              </span>
            </button>
          )}
        />
      </div>
    </div>
  );
}
