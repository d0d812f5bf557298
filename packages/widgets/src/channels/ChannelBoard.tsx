import { CHANNELS, type Campaign, type Channel } from '@cadence/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useCampaignActions } from '../provider/campaign-actions';
import { useCampaigns } from '../provider/campaign-queries';
import { useSession } from '../provider/session';
import { LoadError } from '../ui/bits';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { ChannelCard } from './ChannelCard';
import { ChannelDialog } from './ChannelDialog';
import { campaignsOfChannel } from './channel-stats';

export type ChannelBoardProps = WidgetProps;

function ChannelBoardBody(): ReactNode {
  const campaigns = useCampaigns();
  const session = useSession();
  const actions = useCampaignActions();
  const [open, setOpen] = useState<Channel | null>(null);
  const byChannel = useMemo(
    () => new Map(CHANNELS.map((ch) => [ch.value, campaignsOfChannel(campaigns.data ?? [], ch.value)])),
    [campaigns.data],
  );
  const promote = (c: Campaign) => void actions.promote(c).catch(() => undefined);
  if (campaigns.status === 'error') return <LoadError onRetry={campaigns.refetch} />;
  const openInfo = CHANNELS.find((c) => c.value === open) ?? null;
  return (
    <div className="cad-channel-grid" aria-busy={campaigns.status === 'loading'}>
      {CHANNELS.map((ch) => (
        <ChannelCard key={ch.value} channel={ch} campaigns={byChannel.get(ch.value) ?? []} rights={session.rights}
          onOpen={() => setOpen(ch.value)} onPromote={promote} />
      ))}
      <ChannelDialog channel={openInfo} campaigns={open ? (byChannel.get(open) ?? []) : []} rights={session.rights}
        onClose={() => setOpen(null)} onPromote={promote} />
    </div>
  );
}

/** The Channels tab: one card per channel with its campaigns (docs/product.md#channels-tab). */
export function ChannelBoard(props: ChannelBoardProps): ReactNode {
  return (
    <WidgetRoot name="ChannelBoard" client={props.client} className={props.className}>
      <ChannelBoardBody />
    </WidgetRoot>
  );
}
