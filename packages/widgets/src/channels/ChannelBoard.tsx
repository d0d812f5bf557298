import { CHANNELS, type Campaign, type Channel } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { useCampaignActions } from '../provider/campaign-actions';
import { useCampaignStats } from '../provider/campaign-queries';
import { useSession } from '../provider/session';
import { LoadError } from '../ui/bits';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { ChannelCard } from './ChannelCard';
import { ChannelDialog } from './ChannelDialog';
import { channelCounts } from './channel-stats';
import { WidgetStyles } from '../styles/WidgetStyles';
import channelsCss from '../styles/channels.css?inline';

export type ChannelBoardProps = WidgetProps;

/** The counts come from the stats route; each card reads its own campaigns a page at a time. */
function ChannelBoardBody(): ReactNode {
  const stats = useCampaignStats();
  const session = useSession();
  const actions = useCampaignActions();
  const [open, setOpen] = useState<Channel | null>(null);
  const promote = (c: Campaign) => void actions.promote(c).catch(() => undefined);
  if (stats.status === 'error' && !stats.data) return <LoadError onRetry={stats.refetch} />;
  const countsOf = (ch: Channel) => (stats.data ? channelCounts(stats.data.by_channel[ch]) : undefined);
  const openInfo = CHANNELS.find((c) => c.value === open) ?? null;
  return (
    <div className="cad-channel-grid" aria-busy={stats.status === 'loading'}>
      {CHANNELS.map((ch) => (
        <ChannelCard key={ch.value} channel={ch} stats={countsOf(ch.value)} rights={session.rights}
          onOpen={() => setOpen(ch.value)} onPromote={promote} />
      ))}
      <ChannelDialog channel={openInfo} stats={open ? countsOf(open) : undefined} rights={session.rights}
        onClose={() => setOpen(null)} onPromote={promote} />
    </div>
  );
}

/** The Channels tab: one card per channel with its campaigns (docs/product.md#channels-tab). */
export function ChannelBoard(props: ChannelBoardProps): ReactNode {
  return (
    <WidgetRoot name="ChannelBoard" client={props.client} className={props.className}>
      <WidgetStyles css={channelsCss} />
      <ChannelBoardBody />
    </WidgetRoot>
  );
}
