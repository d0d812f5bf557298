// @cadence/widgets: React components and custom elements. The planning widgets (issue #5)
// and IdeasBoard, AdManager, EventsBoard and PermissionsPanel (issue #6) are exported here by
// name; each also has its own entry point holding only it and the provider
// ('@cadence/widgets/calendar', '/gantt', … in src/entries/). The in-memory client for tests
// and stories is in '@cadence/widgets/testing' (src/testing.ts).

export { CadenceProvider } from './provider/CadenceProvider';
export type { CadenceProviderProps, RealtimeLike } from './provider/CadenceProvider';
export { useCadence } from './provider/context';
export type { CadenceContextValue } from './provider/context';
export { useSession } from './provider/session';
export type { CadenceSession } from './provider/session';
export { useCampaigns, useVirtualCampaigns } from './provider/campaign-queries';
export { useCampaignPages } from './provider/campaign-pages';
export type { CampaignPagesResult } from './provider/campaign-pages';
export { useCampaignActions } from './provider/campaign-actions';
export type { CampaignActions } from './provider/campaign-actions';
export { isVirtual } from './provider/permissions';
export type { AnyCampaign, CampaignRights } from './provider/permissions';
export { useSavedViewActions, useSavedViewCounts, useSavedViews } from './provider/saved-views';
export { Toaster } from './provider/toast';
export type { Toast, ToastInput, ToastSlotProps } from './provider/toast';
export { AD_TOASTS, IDEA_TOASTS, TASK_TOASTS, TOASTS } from './messages';
export type { AdTypeExampleUploader, UploadedFile } from './provider/upload';
export {
  useAdTypes,
  useAds,
  useArticles,
  useComments,
  useEvents,
  useIdeas,
  useProspective,
  usePublications,
  useUserPermissions,
  useUsers,
} from './provider/resources';

export { Calendar } from './calendar/Calendar';
export type { CalendarProps } from './calendar/Calendar';
export { CampaignCard } from './calendar/CampaignCard';
export type { CampaignCardProps } from './calendar/CampaignCard';
export { DayDialog } from './calendar/DayDialog';
export type { DayDialogProps } from './calendar/DayDialog';
export { DeleteCampaignDialog } from './calendar/DeleteCampaignDialog';
export type { DeleteCampaignDialogProps } from './calendar/DeleteCampaignDialog';
export { Gantt } from './gantt/Gantt';
export type { GanttProps } from './gantt/Gantt';
export type { SwitchesHost } from './ui/Switches';
export { ChannelBoard } from './channels/ChannelBoard';
export type { ChannelBoardProps } from './channels/ChannelBoard';
export { ChannelDialog } from './channels/ChannelDialog';
export type { ChannelDialogProps } from './channels/ChannelDialog';
export { CampaignList } from './list/CampaignList';
export type { CampaignListProps } from './list/CampaignList';
export { StatCards } from './list/StatCards';
export type { StatCardsProps } from './list/StatCards';
export { FilterBar, SEARCH_DELAY_MS } from './filters/FilterBar';
export type { FilterBarProps } from './filters/FilterBar';
export { CampaignDialog } from './campaign-dialog/CampaignDialog';
export type { CampaignDialogProps, CampaignFormValues } from './campaign-dialog/CampaignDialog';
export { IdeasBoard } from './ideas/IdeasBoard';
export type { IdeasBoardProps } from './ideas/IdeasBoard';
export { AD_MANAGER_TAB_LABELS, AdManager } from './ad-manager/AdManager';
export type { AdManagerProps } from './ad-manager/AdManager';
export { EventsBoard } from './events/EventsBoard';
export type { EventsBoardProps, EventsTab } from './events/EventsBoard';
export { PermissionsPanel } from './permissions/PermissionsPanel';
export { MyWork } from './tasks/MyWork';
export type { MyWorkProps } from './tasks/MyWork';
export { prefetchMyWork, useMyTaskCounts } from './tasks/my-tasks';
// The inbox and notification settings (docs/adr/0060).
export { InboxBell } from './inbox/InboxBell';
export type { InboxBellProps } from './inbox/InboxBell';
export { InboxPanel, itemHref } from './inbox/InboxPanel';
export type { InboxPanelProps } from './inbox/InboxPanel';
export { NotificationSettings } from './inbox/NotificationSettings';
export { useInbox, useInboxActions, useNotificationPrefs, useUnreadCount } from './inbox/use-inbox';
export type { MyTaskCounts } from './tasks/my-tasks';
export { useTaskActions } from './tasks/task-actions';
export type { TaskActions } from './tasks/task-actions';
// The UI kit, shared with the app: one set of dialogs, menus, tabs and form parts.
// Campaign templates (docs/adr/0054): "New campaign from template" and the Settings section.
export { NewFromTemplateDialog } from './templates/lazy';
export { ImportCampaignsDialog } from './imports/lazy';
export type { ImportCampaignsDialogProps } from './imports/ImportCampaignsDialog';
export type { NewFromTemplateDialogProps } from './templates/NewFromTemplateDialog';
export { TemplatesPanel } from './templates/TemplatesPanel';
export type { TemplatesPanelProps } from './templates/TemplatesPanel';
// The working calendar (docs/adr/0052): Settings → Working days.
export { WorkingDaysPanel } from './working-calendar/WorkingDaysPanel';
export type { WorkingDaysPanelProps } from './working-calendar/WorkingDaysPanel';
export { PlanningRulesPanel } from './working-calendar/PlanningRulesPanel';
export { BaselinesPanel } from './baselines/BaselinesPanel';
export type { BaselinesPanelProps } from './baselines/BaselinesPanel';
export type { PlanningRulesPanelProps } from './working-calendar/PlanningRulesPanel';
export { ConflictsPanel } from './working-calendar/ConflictsPanel';
export type { ConflictsPanelProps } from './working-calendar/ConflictsPanel';
export { WebhooksPanel } from './webhooks/WebhooksPanel';
export type { WebhooksPanelProps } from './webhooks/WebhooksPanel';
export { ShareLinkDialog } from './share-links/lazy';
export type { ShareLinkDialogProps } from './share-links/ShareLinkDialog';
export { Dialog } from './ui/Dialog';
export type { DialogProps } from './ui/Dialog';
export { Field } from './ui/Field';
export type { ControlProps, FieldProps } from './ui/Field';
export { FormActions } from './ui/FormActions';
export { Menu } from './ui/Menu';
/** Loads the code of menus, popovers and dialogs ahead of their first use (they load it on first hover, focus or open). */
export { loadLayers as preloadLayers } from './ui/floating-load';
export { lazyDialog } from './ui/lazy-dialog';
export type { MenuItem } from './ui/Menu';
export { TabPanel, Tabs } from './ui/Tabs';
export type { TabItem } from './ui/Tabs';
export { ActivityLog } from './history/ActivityLog';
export { HistoryTimeline } from './history/HistoryTimeline';
export type { HistoryTimelineProps } from './history/HistoryTimeline';
export type { PermissionsPanelProps } from './permissions/PermissionsPanel';
export type { WidgetProps } from './ui/WidgetRoot';

export { CadenceStyles } from './styles/CadenceStyles';
export { cadenceStyles } from './styles/all-styles';

// Custom elements (the standalone bundle registers them on load; here call defineCadenceElements()).
export { createElementClass, createWidgetElement, defineCadenceElement, defineCadenceElements, ELEMENT_CSS } from './elements/elements';
export type { CadenceElement } from './elements/elements';
export type { WidgetComponent } from './elements/EmbeddedWidget';
export { configFromAttributes, ELEMENT_TAGS, ELEMENT_WIDGETS, OBSERVED_ATTRIBUTES } from './elements/config';
export type { ElementConfig, ElementTag } from './elements/config';
