import { isChannel } from '@cadence/core';
import { CircleAlert } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SignedIn } from '../auth/SignedIn';
import { LoadingState } from '../ui/states';

// The three screens a channel page can be load apart: the ad manager is the largest chunk of the app.
const Dashboard = lazy(() => import('../dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));
const AdManagerPage = lazy(() => import('./AdManagerPage').then((m) => ({ default: m.AdManagerPage })));
const EventsPage = lazy(() => import('./EventsPage').then((m) => ({ default: m.EventsPage })));

function InvalidChannel(): ReactNode {
  return (
    <div className="state">
      <div className="card card--narrow">
        <CircleAlert size={28} className="state__icon" aria-hidden="true" />
        <h1 className="card__title">Invalid Channel</h1>
        <p className="muted">The requested channel does not exist.</p>
        <Link to="/" className="button">Back to Global Calendar</Link>
      </div>
    </div>
  );
}

/** docs/product.md#channel-page: the ad manager, the events page, or the channel dashboard. */
export function ChannelPage(): ReactNode {
  const { channelId } = useParams();
  if (!isChannel(channelId)) return <InvalidChannel />;
  const screen =
    channelId === 'industry-publications' ? <AdManagerPage /> : channelId === 'events' ? <EventsPage /> : <Dashboard key={channelId} channel={channelId} />;
  return (
    <SignedIn>
      <Suspense fallback={<LoadingState />}>{screen}</Suspense>
    </SignedIn>
  );
}
