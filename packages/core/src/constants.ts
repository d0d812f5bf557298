/** Business constants and limits of docs/product.md#constants and docs/architecture.md#limits. */

export const CAMPAIGN_STATUSES = ['planning', 'in-progress', 'live', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const SCOPES = ['global', 'channel'] as const;
export type Scope = (typeof SCOPES)[number];

/** Ads and sponsored articles share one status set; any status may change to any other. */
export const AD_STATUSES = ['new', 'content_requested', 'content_ready', 'live'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** A campaign task's states (docs/adr/0049-campaign-tasks.md); `done` sets its `completed_at`. */
export const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { todo: 'To do', in_progress: 'In progress', done: 'Done' };
export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  new: 'New',
  content_requested: 'Content Requested',
  content_ready: 'Content Ready',
  live: 'Live',
};
/** The ad timeline legend has one more entry that no form offers. */
export const AD_TIMELINE_LEGEND = [
  { key: 'live', label: 'Live', color: '#22c55e' },
  { key: 'content_ready', label: 'Content Ready', color: '#3b82f6' },
  { key: 'content_requested', label: 'Content Requested', color: '#eab308' },
  { key: 'submitted', label: 'Submitted', color: '#9ca3af' },
] as const;

export const EVENT_VERTICALS = [
  'construction',
  'transportation',
  'power & renewables',
  'nuclear',
  'water',
  'oil/gas/chemical',
  'mining',
  'other',
] as const;
export type EventVertical = (typeof EVENT_VERTICALS)[number];
export const EVENT_AUDIENCES = ['owners', 'developers', 'contractors', 'engineers', 'consultants'] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];
export const EVENT_REGIONS = ['Global', 'NA', 'APAC', 'EMEA'] as const;
export type EventRegion = (typeof EVENT_REGIONS)[number];
export const EVENT_TYPES = ['exhibit', 'speaking', 'partner', 'customer', 'delegate-only', 'moderator', 'internal'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const PERMISSION_TYPES = ['global_view', 'global_create', 'channel_view', 'channel_create'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];
export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

export const LIMITS = {
  passwordMinLength: 6,
  /** bcrypt only reads 72 bytes; longer passwords are refused rather than cut. */
  passwordMaxBytes: 72,
  monthCellCampaigns: 2,
  weekCellCampaigns: 4,
  monthChipTitleLength: 15,
  weekChipTitleLength: 25,
  dayDialogChannels: 4,
  ganttMinBarWidthPercent: 2,
  channelCardListMaxHeightPx: 400,
  timelineRowHeightPx: 48,
  imageUploadBytes: 5 * 1024 * 1024,
  copyIndicatorResetMs: 2000,
  ideasSkeletonCards: 6,
  campaignListSkeletonCards: 4,
  toastDurationMs: 5000,
  toastLimit: 1,
  textMaxLength: 10_000,
  titleMaxLength: 300,
  listMaxItems: 100,
  /** A campaign task's title and note (docs/adr/0049-campaign-tasks.md). */
  taskTitleMaxLength: 200,
  taskNoteMaxLength: 5000,
  /** A campaign comment's text, after trimming, mention tokens included (docs/adr/0059). */
  campaignCommentMaxLength: 5000,
  jsonBodyBytes: 1024 * 1024,
  csvBodyBytes: 20 * 1024 * 1024,
  sidebarCookieMaxAgeDays: 7,
  mobileBreakpointPx: 768,
} as const;

export const SIDEBAR = {
  cookieName: 'sidebar:state',
  widthExpanded: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
} as const;

export const GANTT_RANGES = ['month', 'quarter', 'year'] as const;
export type GanttRange = (typeof GANTT_RANGES)[number];
export const DEFAULT_GANTT_RANGE: GanttRange = 'quarter';

export const AD_MANAGER_TABS = ['calendar', 'ads-by-status', 'performance', 'publications', 'prospective', 'articles'] as const;
export type AdManagerTab = (typeof AD_MANAGER_TABS)[number];
export const DEFAULT_AD_MANAGER_TAB: AdManagerTab = 'ads-by-status';

export const DATE_FORMATS = { long: 'MMM dd, yyyy', short: 'MMM dd' } as const;

/** Columns of the prospective-publications bulk template, by position. */
export const PROSPECTIVE_TEMPLATE_COLUMNS = [
  'Name',
  'Region',
  'Industry',
  'Audience',
  'Website',
  'Media Kit Link',
  'Contacts',
  'Notes',
] as const;
export const PROSPECTIVE_TEMPLATE_FILENAME = 'prospective_publications_template.csv';

export const STORAGE_BUCKET_AD_TYPE_EXAMPLES = 'ad-type-examples';

/** Validation and error messages whose exact text the spec fixes (docs/product.md#validation, docs/product.md#messages). */
export const MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  publicationNameRequired: 'Publication name is required',
  adTypeNameRequired: 'Ad type name is required',
  imageTooLarge: 'Image must be less than 5MB',
  csvTooShort: 'File must contain at least a header row and one data row',
  csvNoValidRows: 'No valid publications found in file',
  passwordsDontMatch: "Passwords don't match",
  passwordsDontMatchDetail: 'Please make sure both passwords are the same.',
  passwordTooShort: 'Password too short',
  passwordTooShortDetail: 'Password must be at least 6 characters long.',
  resetTokenNotFound: 'Reset token not found',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
} as const;

/** How many owners the stats list at most: the filter bar's choices, not a directory. */
export const OWNERS_LISTED = 500;
