import { can } from '@cadence/core';
import { EventsBoard, useSession } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { LoadingState, NoAccess } from '../ui/states';

/** docs/product.md#events-page (/channel/events). */
export function EventsPage(): ReactNode {
  const session = useSession();
  if (!session.ready) return <LoadingState />;
  if (!can(session.principal, 'read', 'event')) return <NoAccess what="events" />;
  return (
    <div className="page">
      <EventsBoard headingLevel={1} />
    </div>
  );
}
