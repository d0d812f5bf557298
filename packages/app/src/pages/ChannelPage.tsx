import { isChannel } from '@cadence/core';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SignedIn } from '../auth/SignedIn';
import { Dashboard } from '../dashboard/Dashboard';
import { AdManagerPage } from './AdManagerPage';
import { EventsPage } from './EventsPage';

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
  if (channelId === 'industry-publications') return <SignedIn><AdManagerPage /></SignedIn>;
  if (channelId === 'events') return <SignedIn><EventsPage /></SignedIn>;
  return (
    <SignedIn>
      <Dashboard key={channelId} channel={channelId} />
    </SignedIn>
  );
}
