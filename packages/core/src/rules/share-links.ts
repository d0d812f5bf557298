import type { Campaign } from '../schemas/campaign';
import { campaignDefaults } from './campaign-defaults';

// Stakeholder links (docs/adr/0061): zod-free, for the share dialog and the public page too.

/** A link's secret starts with this; the server keeps only its hash and shows it once. */
export const SHARE_LINK_TOKEN_PREFIX = 'cad_link_';

/** The SPA path that opens a link (packages/app's public route). */
export const shareLinkPath = (token: string): string => `/shared/${encodeURIComponent(token)}`;

/**
 * What a sharer may tick. Title, dates, channels, status, priority and scope always show; each
 * group names the campaign fields it stands for. Cadence keeps no budget on a campaign, so there
 * is no budget group (the "budgets" have nothing to hide yet).
 */
export const SHARE_LINK_FIELD_GROUPS = {
  description: ['description'],
  details: ['channel_config'],
  brief: ['summary', 'goals', 'audiences', 'kpis', 'deliverables', 'landing_page_urls'],
  owners: ['owner', 'owner_id', 'project_leader', 'project_team_members', 'created_by'],
  tasks: ['task_summary'],
  approvals: ['approval_summary'],
} as const satisfies Record<string, ReadonlyArray<keyof Campaign>>;

export type ShareLinkField = keyof typeof SHARE_LINK_FIELD_GROUPS;
export const SHARE_LINK_FIELDS = Object.keys(SHARE_LINK_FIELD_GROUPS) as ShareLinkField[];

/** Briefs and owners are hidden unless the sharer ticks them (the issue: "briefs, owners and budgets hidden by default"). */
export const SHARE_LINK_DEFAULT_FIELDS: readonly ShareLinkField[] = ['description', 'details', 'tasks', 'approvals'];

/** Labels for the share dialog's checkboxes and the CLI. */
export const SHARE_LINK_FIELD_LABELS: Record<ShareLinkField, string> = {
  description: 'Description',
  details: 'Channel details',
  brief: 'Creative brief',
  owners: 'Owners and team',
  tasks: 'Task progress',
  approvals: 'Approval state',
};

/** A field's value when hidden: the empty value a new campaign has, so the row keeps its shape for every reader. */
function blank(field: keyof Campaign): unknown {
  const d = campaignDefaults() as Record<string, unknown>;
  if (field === 'task_summary') return { total: 0, done: 0, open_required: 0, next_due: null, assignees: [] };
  return field in d ? d[field] : null;
}

/**
 * A campaign (or an ad's or event's read-only campaign) as a link shows it: the fields of every
 * unticked group emptied. Rows without campaign fields pass unchanged. Pure; returns a copy.
 */
export function presentForLink<T extends object>(row: T, shown: readonly string[]): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [group, fields] of Object.entries(SHARE_LINK_FIELD_GROUPS)) {
    if (shown.includes(group)) continue;
    for (const f of fields) if (f in out) out[f] = blank(f);
  }
  return out as T;
}

/** Looks like a campaign row (a real or a virtual one): what the present-time filter empties. */
export const isCampaignShaped = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'title' in v && 'live_date' in v && 'planning_start_date' in v;

/**
 * Every campaign in an answer (a row, a list, or rows one level inside an object, as the dashboard
 * and calendar answers hold them) as a link shows it.
 */
export function presentAnswerForLink(body: unknown, shown: readonly string[], depth = 0): unknown {
  if (isCampaignShaped(body)) return presentForLink(body, shown);
  if (depth > 2 || !body || typeof body !== 'object') return body;
  if (Array.isArray(body)) return body.map((v) => presentAnswerForLink(v, shown, depth + 1));
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, presentAnswerForLink(v, shown, depth + 1)]));
}

/** A link opens through the whole of its expiry date (the server's calendar date). */
export const shareLinkExpired = (expiresOn: string, today: string): boolean => expiresOn < today;
