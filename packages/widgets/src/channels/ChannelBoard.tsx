import { CHANNELS, filterChannels, type Campaign, type CampaignFilter, type Channel } from '@cadence/core';
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

export interface ChannelBoardProps extends WidgetProps {
  /** Only these campaigns, and only the cards of the filter's channels (docs/adr/0029). */
  filter?: CampaignFilter;
}

/** The counts come from the stats route; each card reads its own campaigns a page at a time. */
function ChannelBoardBody({ filter = {} }: ChannelBoardProps): ReactNode {
  const stats = useCampaignStats(true, filter);
  const chosen = filterChannels(filter);
  const shown = chosen.length ? CHANNELS.filter((c) => chosen.includes(c.value)) : CHANNELS;
  const session = useSession();
  const actions = useCampaignActions();
  const [open, setOpen] = useState<Channel | null>(null);
  const promote = (c: Campaign) => void actions.promote(c).catch(() => undefined);
  if (stats.status === 'error' && !stats.data) return <LoadError onRetry={stats.refetch} />;
  const countsOf = (ch: Channel) => (stats.data ? channelCounts(stats.data.by_channel[ch]) : undefined);
  const openInfo = CHANNELS.find((c) => c.value === open) ?? null;
  return (
    <div className="cad-channel-grid" aria-busy={stats.status === 'loading'}>
      {shown.map((ch) => (
        <ChannelCard key={ch.value} channel={ch} filter={filter} stats={countsOf(ch.value)} rights={session.rights}
          onOpen={() => setOpen(ch.value)} onPromote={promote} />
      ))}
      <ChannelDialog channel={openInfo} filter={filter} stats={open ? countsOf(open) : undefined} rights={session.rights}
        onClose={() => setOpen(null)} onPromote={promote} />
    </div>
  );
}

/** The Channels tab: one card per channel with its campaigns (docs/product.md#channels-tab). */
export function ChannelBoard(props: ChannelBoardProps): ReactNode {
  return (
    <WidgetRoot name="ChannelBoard" client={props.client} className={props.className}>
      <WidgetStyles css={channelsCss} />
      <ChannelBoardBody {...props} />
    </WidgetRoot>
  );
}
