import { formatCount } from '@cadence/core';
import { useMyTaskCounts, useSession } from '@cadence/widgets';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The side bar's count on My work: my open tasks, and the overdue ones emphasised (a marker and words, not colour alone). */
export function MyWorkCount(): ReactNode {
  const session = useSession();
  const { open, overdue } = useMyTaskCounts(!!session.userId);
  if (open === undefined) return <span className="sidebar__count" data-loading />;
  return (
    <span className="sidebar__count">
      {/* A space, so the link's name reads "My work 2 open tasks" and not "My work2". */}
      {' '}
      {formatCount(open)}
      <span className="sr-only">{open === 1 ? ' open task' : ' open tasks'}</span>
      {overdue ? (
        <strong className="sidebar__overdue" title={`${overdue} overdue`}>
          <span aria-hidden="true">
            {' · '}
            <TriangleAlert size={12} className="sidebar__overdue-icon" />
            {formatCount(overdue)}
          </span>
          <span className="sr-only">, {overdue} overdue</span>
        </strong>
      ) : null}
    </span>
  );
}
