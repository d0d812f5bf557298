import { can, type Channel } from '@cadence/core';
import { Calendar, CampaignDialog, CampaignList, ChannelBoard, Gantt, StatCards, useSession, type CampaignFormValues } from '@cadence/widgets';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabPanel, useTabsId } from '../ui/Tabs';
import { LoadingState, NoAccess } from '../ui/states';
import { DashboardHeader } from './DashboardHeader';

type DashboardTab = 'timeline' | 'calendar' | 'channels' | 'list';
const ALL_TABS = [
  { value: 'timeline', label: 'Timeline' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'channels', label: 'Channels' },
  { value: 'list', label: 'Campaign List' },
] as const satisfies ReadonlyArray<{ value: DashboardTab; label: string }>;
const DEFAULT_TAB: DashboardTab = 'calendar';

/** The tab lives in `?view=` so a reload or a shared link keeps it. */
function useTab(channel: Channel | undefined) {
  const tabs = channel ? ALL_TABS.filter((t) => t.value !== 'channels') : ALL_TABS;
  const [params, setParams] = useSearchParams();
  const raw = params.get('view');
  const tab = tabs.find((t) => t.value === raw)?.value ?? DEFAULT_TAB;
  const setTab = (next: DashboardTab) =>
    setParams((p) => {
      if (next === DEFAULT_TAB) p.delete('view');
      else p.set('view', next);
      return p;
    }, { replace: true });
  return { tabs, tab, setTab };
}

interface DialogState {
  open: boolean;
  initialValues?: CampaignFormValues;
}

/** The main dashboard (docs/product.md#dashboard), or its channel variant when `channel` is given. */
export function Dashboard({ channel }: { channel?: Channel }): ReactNode {
  const session = useSession();
  const { tabs, tab, setTab } = useTab(channel);
  const idBase = useTabsId();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const channelOnly: CampaignFormValues | undefined = channel ? { scope: 'channel', primary_channel: channel, channels: [channel] } : undefined;
  const create = () => setDialog({ open: true, ...(channelOnly ? { initialValues: channelOnly } : {}) });

  if (!session.ready) return <LoadingState />;
  const header = <DashboardHeader {...(channel ? { channel } : {})} canCreate={can(session.principal, 'create', 'campaign')} onNewCampaign={create} />;
  if (!can(session.principal, 'read', 'dashboard', { channel })) {
    return (
      <div className="page">
        {header}
        <NoAccess what={channel ? 'campaigns in this channel' : 'campaigns'} />
      </div>
    );
  }
  // On a channel's dashboard: campaigns on that channel (channel-scope, or global with global_create).
  const canCreateHere = channel ? can(session.principal, 'create', 'calendar', { channel }) : can(session.principal, 'create', 'campaign');
  return (
    <div className="page">
      {header}
      {!channel && <StatCards className="dashboard-stats" />}
      <Tabs label="Dashboard views" tabs={tabs} value={tab} onChange={setTab} idBase={idBase} />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'timeline' && <Gantt {...(channel ? { channel } : { showChannels: true })} />}
        {tab === 'calendar' && <Calendar {...(channel ? { channel } : {})} />}
        {tab === 'channels' && <ChannelBoard />}
        {tab === 'list' && <CampaignList {...(channel ? { channel } : {})} {...(canCreateHere ? { onCreateCampaign: create } : {})} />}
      </TabPanel>
      <CampaignDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        {...(dialog.initialValues ? { initialValues: dialog.initialValues } : {})}
      />
    </div>
  );
}
