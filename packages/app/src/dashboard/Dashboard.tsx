import { can, channelInfo, dashboardViewSearch, type CalendarMode, type Channel, type DashboardTab, type GanttRange } from '@cadence/core';
import { Calendar, CampaignDialog, CampaignList, ChannelBoard, FilterBar, Gantt, ImportCampaignsDialog, NewFromTemplateDialog, StatCards, TabPanel, Tabs, useSession, type CampaignFormValues } from '@cadence/widgets';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState, NoAccess } from '../ui/states';
import { SaveViewDialog } from '../views/SaveViewDialog';
import { suggestViewName } from '../views/view-name';
import { DashboardHeader } from './DashboardHeader';
import { useDashboardView } from './use-dashboard-view';
import { ViewNotice } from './ViewNotice';
import { useLinkedCampaign } from './linked-campaign';
import '../styles/views.css';

const ALL_TABS = [
  { value: 'timeline', label: 'Timeline' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'channels', label: 'Channels' },
  { value: 'list', label: 'Campaign List' },
] as const satisfies ReadonlyArray<{ value: DashboardTab; label: string }>;
const CHANNEL_TABS = ALL_TABS.filter((t) => t.value !== 'channels');
const TAB_VALUES = ALL_TABS.map((t) => t.value);
const CHANNEL_TAB_VALUES = CHANNEL_TABS.map((t) => t.value);

interface DialogState {
  open: boolean;
  initialValues?: CampaignFormValues;
}

/**
 * The main dashboard (docs/product.md#dashboard), or its channel variant when `channel` is given.
 * What it shows lives in the address (use-dashboard-view.ts, docs/adr/0029).
 */
export function Dashboard({ channel }: { channel?: Channel }): ReactNode {
  const session = useSession();
  const tabs = channel ? CHANNEL_TABS : ALL_TABS;
  const { view, dropped, dismiss, update } = useDashboardView(channel ? CHANNEL_TAB_VALUES : TAB_VALUES, channel);
  const idBase = useId();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [saving, setSaving] = useState(false);
  const [fromTemplate, setFromTemplate] = useState(false);
  const [importing, setImporting] = useState(false);
  // The line beside the tabs where the calendar and timeline draw their switches (docs/adr/0065).
  const [switches, setSwitches] = useState<HTMLDivElement | null>(null);
  const linked = useLinkedCampaign();
  const compare = useSearchParams()[0].get('compare');
  const channelOnly: CampaignFormValues | undefined = channel ? { scope: 'channel', primary_channel: channel, channels: [channel] } : undefined;
  const create = () => setDialog({ open: true, ...(channelOnly ? { initialValues: channelOnly } : {}) });

  if (!session.ready) return <LoadingState />;
  const readable = can(session.principal, 'read', 'dashboard', { channel });
  const header = (
    <DashboardHeader
      {...(channel ? { channel } : {})}
      canCreate={can(session.principal, 'create', 'campaign')}
      onNewCampaign={create}
      {...(can(session.principal, 'read', 'template') ? { onNewFromTemplate: () => setFromTemplate(true) } : {})}
      {...(readable ? { onImport: () => setImporting(true) } : {})}
      {...(readable && session.userId ? { onSaveView: () => setSaving(true) } : {})}
    />
  );
  if (!readable) {
    return (
      <div className="page">
        {header}
        <NoAccess what={channel ? 'campaigns in this channel' : 'campaigns'} />
      </div>
    );
  }
  // On a channel's dashboard: campaigns on that channel (channel-scope, or global with global_create).
  const canCreateHere = channel ? can(session.principal, 'create', 'calendar', { channel }) : can(session.principal, 'create', 'campaign');
  const { filter, tab } = view;
  const dated = {
    view: view.mode,
    onViewChange: (mode: typeof view.mode) => update({ mode }),
    ...(view.date ? { date: view.date } : {}),
    onDateChange: (date: string) => update({ date }),
    filter,
    ...(channel ? { channel } : {}),
    // A printout names the page it came from (docs/adr/0033).
    printTitle: channel ? channelInfo(channel).dashboardLabel : 'Global Calendar',
    switchesIn: switches,
    // Opened from Settings → Baselines: compared with that saved baseline (docs/adr/0063).
    ...(compare ? { compareBaseline: compare } : {}),
  };
  return (
    <div className="page page--dashboard">
      {header}
      <ViewNotice dropped={dropped} onDismiss={dismiss} />
      <FilterBar className="dashboard-filters" value={filter} onChange={(f) => update({ filter: f })} {...(channel ? { channel } : {})} />
      {!channel && <StatCards className="dashboard-stats" filter={filter} />}
      <div className="dashboard-viewbar">
        <Tabs label="Dashboard views" tabs={tabs} value={tab} onChange={(t) => update({ tab: t })} idBase={idBase} className="tabs" />
        <div ref={setSwitches} className="dashboard-viewbar__switches" />
      </div>
      <TabPanel idBase={idBase} value={tab} className="tabs">
        {tab === 'timeline' && (
          <Gantt {...dated} {...(channel ? {} : { showChannels: true })}
            {...(view.range ? { range: view.range as GanttRange } : {})} onRangeChange={(range) => update({ range })} />
        )}
        {tab === 'calendar' && (
          <Calendar {...dated} {...(view.range ? { mode: view.range as CalendarMode } : {})} onModeChange={(range) => update({ range })} />
        )}
        {tab === 'channels' && <ChannelBoard filter={filter} />}
        {tab === 'list' && <CampaignList filter={filter} {...(channel ? { channel } : {})} {...(canCreateHere ? { onCreateCampaign: create } : {})} />}
      </TabPanel>
      <SaveViewDialog
        open={saving}
        onClose={() => setSaving(false)}
        dashboard={channel ?? 'global'}
        // The canonical form of what is shown, so the same view saved twice has the same link.
        query={dashboardViewSearch(view)}
        suggestedName={suggestViewName(channel ?? 'global', filter, tab)}
      />
      <NewFromTemplateDialog open={fromTemplate} onOpenChange={setFromTemplate} />
      <ImportCampaignsDialog open={importing} onOpenChange={setImporting} />
      {linked.campaign && (
        <CampaignDialog key={`${linked.campaign.id}:${linked.tab}`} open onOpenChange={(open) => !open && linked.close()} campaign={linked.campaign} initialTab={linked.tab} />
      )}
      <CampaignDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        {...(dialog.initialValues ? { initialValues: dialog.initialValues } : {})}
      />
    </div>
  );
}
