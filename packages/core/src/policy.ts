import { CHANNEL_VALUES, type Channel } from './channels';
import type { PermissionType, Role, Scope } from './constants';
import { HISTORY_POLICY, type HistoryResource } from './entities';
import { campaignMatchesFilter, type CampaignFilterFields } from './rules/campaign-filter';
import type { CampaignFilter } from './schemas/campaign-filter';

// The one place that says who may do what (docs/architecture.md#rules, docs/product.md#permissions). Server routes, the realtime
// feed, widgets and the app all ask `can()`; the helpers below are its internals.
// No zod here: browser bundles import this module (docs/adr/0015).

/**
 * Who is asking. A signed-in user, or an access key acting for its creator
 * (docs/architecture.md#access-keys): `readOnly` keys never write, and `channels` limits what a key sees.
 */
export interface Principal {
  userId: string;
  /**
   * Set for an access key (docs/architecture.md#access-keys): a key acts for its creator but never
   * administers, whatever its other limits, and (bound to a view) reads campaigns alone.
   */
  accessKeyId?: string | null;
  role: Role | null;
  permissions: ReadonlyArray<{ permission_type: PermissionType; channel: Channel | null }>;
  readOnly?: boolean;
  /** null or undefined: no channel limit. */
  channels?: readonly Channel[] | null;
  /**
   * An access key bound to a saved view (docs/adr/0032): only campaigns this filter passes are read,
   * on every path (the SQL applies it too; this is the row-by-row check behind it).
   */
  campaignFilter?: CampaignFilter | null;
}

export const POLICY_ACTIONS = ['read', 'create', 'update', 'delete', 'promote', 'administer'] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/**
 * What is acted on. `calendar` is the main calendar (no channel) or one channel's calendar:
 * what may be seen and added there. `dashboard` is the landing page, for one channel or all.
 * `industry` covers publications, ad types, ads, prospective publications, articles and their
 * images; `user` covers users, roles, permission records and access keys. `view` is a saved view
 * (docs/adr/0032): for `create`, the values about to be written (sharing needs more than saving).
 * `task` is a campaign's task (docs/adr/0049), judged with its campaign. `template` is a campaign
 * template (docs/adr/0054): read by whoever may create a campaign, written by administrators.
 * `approval` is a campaign's review (docs/adr/0056): read and request with the campaign's rights,
 * decided by its reviewers, administered (rules, overrides) by administrators.
 * `campaign_comment` is a comment on a campaign (docs/adr/0059), judged with its campaign.
 */
export const POLICY_RESOURCES = ['campaign', 'calendar', 'dashboard', 'idea', 'comment', 'industry', 'event', 'user', 'view', 'history', 'task', 'template', 'approval', 'working_calendar', 'planning_rule', 'campaign_comment', 'notification'] as const;
export type PolicyResource = (typeof POLICY_RESOURCES)[number];

export interface CampaignAccessFields {
  scope: Scope;
  primary_channel: Channel | null;
  channels: readonly Channel[];
  created_by: string | null;
}

/** A campaign as its rules read it: a key bound to a view also reads the fields its filter looks at. */
export type CampaignPolicyRow = CampaignAccessFields & Partial<Omit<CampaignFilterFields, keyof CampaignAccessFields>>;

/** A dashboard row made from an ad or an event: read like its source, never written. */
export interface VirtualRowFields {
  virtual: true;
  source: { type: 'ad' | 'event' };
}

/** The row each resource's rules look at; rows of the other resources are not needed. */
export interface PolicyRows {
  campaign: CampaignPolicyRow | VirtualRowFields;
  calendar: { channel?: Channel | null | undefined };
  dashboard: { channel?: Channel | null | undefined };
  idea: { created_by: string | null };
  comment: { created_by: string | null };
  industry: object;
  event: object;
  user: { user_id: string };
  view: { dashboard: 'global' | Channel; shared: boolean; created_by: string | null };
  /**
   * An activity-log entry (docs/adr/0028) and the states of its row: `current` as stored now
   * (undefined: it no longer exists), `lastRow` as its latest delete kept it. An entry without a
   * row id stands for many rows (an import).
   */
  history: { resource: HistoryResource; row_id: string | null; current?: object | undefined; lastRow?: object | null | undefined };
  /**
   * A campaign's task (docs/adr/0049): its assignee, and its campaign as the campaign's rule reads
   * it (null: the campaign is gone, and so is every record of it). For an update, `changes` names
   * the fields it writes (a move writes `rank`); left out, the update may write any field.
   */
  task: { assignee_id: string | null; campaign: CampaignAccessFields | null; changes?: readonly string[] | undefined };
  template: object;
  /**
   * A campaign's review (docs/adr/0056): the campaign, and for a decision (`update`) the reviewers
   * of the step being decided. `administer` (rules, overrides) needs no row.
   */
  approval: { campaign: CampaignAccessFields; reviewer_ids?: readonly string[] | undefined };
  /** The install's weekend and closed days (docs/adr/0052): one calendar, no rows of its own to judge. */
  working_calendar: object;
  /** The install's planning rules (docs/adr/0062): one list, nothing per row to judge. */
  planning_rule: object;
  /**
   * A comment on a campaign (docs/adr/0059): its author, and its campaign as the campaign's rule
   * reads it (null: the campaign is gone, and so is every record of it).
   */
  campaign_comment: { created_by: string | null; campaign: CampaignAccessFields | null };
  /** An inbox item (docs/adr/0060): its recipient. */
  notification: { user_id: string };
}

/**
 * May `p` do `action` to `resource`? With a row: to that row (for `create`, the values about
 * to be written). Without one: to at least one row of that kind — what menus and buttons ask,
 * and what a list asks before it looks at rows.
 */
export function can<R extends PolicyResource>(p: Principal, action: PolicyAction, resource: R, row?: PolicyRows[R]): boolean {
  return RULES[resource](p, action, row as never);
}

type Rule<R extends PolicyResource> = (p: Principal, action: PolicyAction, row: PolicyRows[R] | undefined) => boolean;

const RULES: { [R in PolicyResource]: Rule<R> } = {
  campaign(p, action, row) {
    // A view-bound key reads no ads or events as such, but the virtual rows its view shows (the route filters them by the view).
    if (row && 'virtual' in row && row.virtual) return action === 'read' && can({ ...p, campaignFilter: null }, 'read', row.source.type === 'ad' ? 'industry' : 'event');
    const c = row as CampaignAccessFields | undefined;
    switch (action) {
      case 'read':
        // Without a row: any view right. A key limited to x still reads a global campaign on x
        // and y through channel_view(y), so the key's channels cannot narrow this answer.
        return c ? readCampaign(p, c) : canView(p) || CHANNEL_VALUES.some((ch) => canView(p, ch));
      case 'create':
      case 'update':
      case 'delete':
        return c ? writeCampaign(p, c) : writable(p) && (canCreate(p) || CHANNEL_VALUES.some((ch) => inKey(p, ch) && canCreate(p, ch)));
      case 'promote':
        // Admins, or global creators on rows they created (docs/product.md#permissions).
        if (!writable(p)) return false;
        if (isAdmin(p)) return true;
        return canCreate(p) && (!c || (c.created_by === p.userId && readCampaign(p, c)));
      default:
        return false;
    }
  },
  calendar(p, action, row) {
    const ch = row?.channel ?? null;
    if (action === 'read') return ch ? inKey(p, ch) && (canView(p) || canView(p, ch)) : canView(p);
    if (action === 'create' || action === 'update' || action === 'delete') {
      return writable(p) && (ch ? inKey(p, ch) && (canCreate(p) || canCreate(p, ch)) : canCreate(p));
    }
    return false;
  },
  dashboard(p, action, row) {
    if (action !== 'read') return false;
    if (row?.channel) return can(p, 'read', 'calendar', { channel: row.channel });
    // The areas are channels too, so their calendars stand for industry data and events.
    return can(p, 'read', 'calendar') || CHANNEL_VALUES.some((channel) => can(p, 'read', 'calendar', { channel }));
  },
  idea: (p, action, row) => !p.campaignFilter && ownedRow(p, action, row),
  comment: (p, action, row) => !p.campaignFilter && ownedRow(p, action, row),
  industry: (p, action) => !p.campaignFilter && area(p, action, 'industry-publications'),
  event: (p, action) => !p.campaignFilter && area(p, action, 'events'),
  user(p, action, row) {
    // Everyone reads their own role and permission records (a view-bound key, which shows a view, not), the rest is for administrators.
    if (action === 'read' && row && row.user_id === p.userId) return !p.campaignFilter;
    return action !== 'promote' && administers(p);
  },
  history(p, action, entry) {
    // Read-only keys (embeds, feeds) see no history: it names people and past values their pages never show.
    if (action !== 'read' || p.readOnly) return false;
    if (!entry) return true;
    const about = HISTORY_POLICY[entry.resource];
    if (about === null) return administers(p);
    // An import's entry stands for many rows: whoever may read that kind of row sees it.
    if (entry.row_id === null) return can(p, 'read', about);
    // A row that exists is judged as it is now, a deleted one as it was when deleted; with no record of it left, by administrators only.
    const row = entry.current ?? entry.lastRow;
    return row ? can(p, 'read', about, row) : administers(p);
  },
  // Every signed-in principal reads it, keys included (dashboards shade closed days); administrators keep it.
  working_calendar: (p, action) => (action === 'read' ? p.userId !== '' : action !== 'promote' && administers(p)),
  // The same: every signed-in principal reads the rules (a drag is judged in the browser); administrators keep them.
  planning_rule: (p, action) => (action === 'read' ? p.userId !== '' : action !== 'promote' && administers(p)),
  task(p, action, t) {
    // A key bound to a view reads campaigns alone, not their tasks (docs/adr/0032, 0049).
    if (p.campaignFilter) return false;
    const c = t?.campaign;
    if (!t) {
      // Any task: what buttons and lists ask. Reading any campaign may be reading its tasks, and
      // anyone who reads one may be some task's assignee, whose status they may change.
      if (action === 'read') return can(p, 'read', 'campaign');
      if (action === 'update') return writable(p) && can(p, 'read', 'campaign');
      return (action === 'create' || action === 'delete') && can(p, 'update', 'campaign');
    }
    if (!c) return action === 'read' && administers(p);
    switch (action) {
      case 'read':
        return readCampaign(p, c);
      case 'create':
      case 'delete':
        return writeCampaign(p, c);
      case 'update':
        // Whoever may change the campaign; and its assignee, who may read it, the status alone.
        if (writeCampaign(p, c)) return true;
        return writable(p) && !!p.userId && t.assignee_id === p.userId && readCampaign(p, c) && !!t.changes && t.changes.every((f) => ASSIGNEE_WRITES.has(f));
      default:
        return false;
    }
  },
  campaign_comment(p, action, c) {
    // A key bound to a view reads campaigns alone (docs/adr/0032). Writing is a person's: read-only
    // and channel keys never write; a full read-write key writes as its owner, as ideas' comments do.
    if (p.campaignFilter) return false;
    const writes = writable(p) && !p.channels && !!p.userId;
    if (!c) {
      if (action === 'read') return can(p, 'read', 'campaign');
      return (action === 'create' || action === 'update' || action === 'delete') && writes && can(p, 'read', 'campaign');
    }
    const campaign = c.campaign;
    if (!campaign) return action === 'read' && administers(p);
    if (!readCampaign(p, campaign)) return false;
    switch (action) {
      case 'read':
        return true;
      case 'create':
        return writes;
      case 'update':
      case 'delete':
        // Its author, or an administrator in person (keys never administer).
        return writes && ((c.created_by !== null && c.created_by === p.userId) || administers(p));
      default:
        return false;
    }
  },
  template(p, action) {
    // Templates are how campaigns are made: whoever may create a campaign somewhere reads them (a
    // read-only key, which creates nothing, and a key bound to a view do not); administrators, not
    // their keys, keep them (docs/adr/0054). Applying one is creating campaigns, judged as such.
    if (action === 'read') return administers(p) || (!p.campaignFilter && can(p, 'create', 'campaign'));
    return (action === 'create' || action === 'update' || action === 'delete') && administers(p);
  },
  approval(p, action, a) {
    // A key bound to a view reads campaigns alone (docs/adr/0032); keys never administer.
    if (p.campaignFilter) return false;
    if (action === 'administer') return administers(p);
    if (!a) {
      if (action === 'read') return can(p, 'read', 'campaign');
      if (action === 'create') return can(p, 'update', 'campaign');
      return action === 'update' && writable(p) && can(p, 'read', 'campaign');
    }
    switch (action) {
      case 'read':
        return readCampaign(p, a.campaign);
      case 'create':
        // Requesting a review: whoever may change the campaign.
        return writeCampaign(p, a.campaign);
      case 'update':
        // Deciding: a reviewer of the step, who may read the campaign; a read-only key never decides.
        return writable(p) && !!p.userId && !!a.reviewer_ids?.includes(p.userId) && readCampaign(p, a.campaign);
      default:
        return false;
    }
  },
  notification(p, action, n) {
    // An inbox item is its recipient's alone: read and marked read by them; no key, even theirs,
    // reads or writes it (a key is a script's, and the items name people and campaigns). The
    // server writes items itself; nobody creates or deletes them through the API.
    if (isKeyPrincipal(p) || !p.userId) return false;
    if (action !== 'read' && action !== 'update') return false;
    return !n || n.user_id === p.userId;
  },
  view(p, action, v) {
    // Saved views belong to people: no key, even an admin's, reads or writes them.
    if (isKeyPrincipal(p) || !p.userId) return false;
    const dashboardRead = (d: 'global' | Channel) => can(p, 'read', 'dashboard', d === 'global' ? {} : { channel: d });
    const sees = (x: NonNullable<typeof v>) => (x.shared ? dashboardRead(x.dashboard) : x.created_by !== null && x.created_by === p.userId);
    switch (action) {
      case 'read':
        return !v || sees(v);
      case 'create':
        // Sharing with the team: admins and users with create rights on campaigns (docs/adr/0032).
        return !v || (dashboardRead(v.dashboard) && (!v.shared || isAdmin(p) || can(p, 'create', 'campaign')));
      case 'update':
      case 'delete':
        // Personal views: the owner only; shared: the owner or an admin.
        return !v || (sees(v) && ((v.created_by !== null && v.created_by === p.userId) || (v.shared && isAdmin(p))));
      default:
        return false;
    }
  },
};

/** What a task's assignee may write with read rights alone: its status (and `completed_at`, which the server sets with it; no request names it). */
const ASSIGNEE_WRITES: ReadonlySet<string> = new Set(['status', 'completed_at']);

/** An access key of any kind, even a full write key with no channel limit. */
export const isKeyPrincipal = (p: Principal): boolean => !!p.accessKeyId || !!p.readOnly || !!p.channels || !!p.campaignFilter;

const isAdmin = (p: Principal): boolean => p.role === 'admin';

function has(p: Principal, type: PermissionType, channel: Channel | null): boolean {
  return p.permissions.some((r) => r.permission_type === type && (r.channel ?? null) === channel);
}

/** docs/product.md#permissions: a view check with a channel needs channel_view for it; without one, global_view. */
function canView(p: Principal, channel?: Channel): boolean {
  if (isAdmin(p)) return true;
  return channel ? has(p, 'channel_view', channel) : has(p, 'global_view', null);
}

/** docs/product.md#permissions: create works the same way with channel_create and global_create. */
function canCreate(p: Principal, channel?: Channel): boolean {
  if (isAdmin(p)) return true;
  return channel ? has(p, 'channel_create', channel) : has(p, 'global_create', null);
}

const inKey = (p: Principal, channel: Channel) => !p.channels || p.channels.includes(channel);
const keyAllowsAny = (p: Principal, channels: readonly Channel[]) => !p.channels || channels.some((c) => p.channels!.includes(c));
const writable = (p: Principal) => !p.readOnly;

function readCampaign(p: Principal, c: CampaignAccessFields): boolean {
  // A row without the fields the filter reads fails it: a bound key never sees more than its view.
  if (p.campaignFilter && !campaignMatchesFilter(c as unknown as CampaignFilterFields, p.campaignFilter, { me: p.userId })) return false;
  if (c.scope === 'channel') {
    const primary = c.primary_channel;
    return !!primary && inKey(p, primary) && canView(p, primary);
  }
  if (!keyAllowsAny(p, c.channels)) return false;
  return canView(p) || c.channels.some((ch) => canView(p, ch));
}

function writeCampaign(p: Principal, c: CampaignAccessFields): boolean {
  if (!writable(p)) return false;
  if (c.scope === 'channel') {
    const primary = c.primary_channel;
    return !!primary && inKey(p, primary) && canCreate(p, primary);
  }
  return keyAllowsAny(p, c.channels) && canCreate(p);
}

/** Industry data and events: global rights or the area's own channel. */
function area(p: Principal, action: PolicyAction, channel: Channel): boolean {
  if (!inKey(p, channel)) return false;
  if (action === 'read') return canView(p) || canView(p, channel);
  if (action === 'create' || action === 'update' || action === 'delete') return writable(p) && (canCreate(p) || canCreate(p, channel));
  return false;
}

/** Ideas and comments belong to no channel, so a channel-limited key has none of them. */
function ownedRow(p: Principal, action: PolicyAction, row: { created_by: string | null } | undefined): boolean {
  if (p.channels) return false;
  if (action === 'read') return true;
  if (!writable(p)) return false;
  if (action === 'create') return true;
  if (action === 'update' || action === 'delete') return !row || isAdmin(p) || row.created_by === p.userId;
  return false;
}

/** Keys never administer, not even an administrator's. */
const administers = (p: Principal) => isAdmin(p) && !isKeyPrincipal(p);

type Rights = Pick<Principal, 'role' | 'permissions'>;

/**
 * What both may do, as one set of rights: a key bound to another person's view reads only what
 * its creator and the view's owner may both read (docs/adr/0036). An administrator brings the
 * other's records; otherwise a record counts when both hold it. Narrower than the exact
 * intersection where one reads through global_view and the other through a channel: a key never
 * sees more than either person would.
 */
export function intersectRights(a: Rights, b: Rights): Rights {
  if (a.role === 'admin' && b.role === 'admin') return { role: 'admin', permissions: [] };
  if (a.role === 'admin') return { role: null, permissions: [...b.permissions] };
  if (b.role === 'admin') return { role: null, permissions: [...a.permissions] };
  const key = (r: Rights['permissions'][number]) => `${r.permission_type}:${r.channel ?? ''}`;
  const inB = new Set(b.permissions.map(key));
  return { role: null, permissions: a.permissions.filter((r) => inB.has(key(r))) };
}

export interface Abilities {
  admin: boolean;
  read_only: boolean;
  global: { view: boolean; create: boolean };
  channels: Record<Channel, { view: boolean; create: boolean }>;
  industry: { read: boolean; write: boolean };
  events: { read: boolean; write: boolean };
  ideas: { read: boolean; create: boolean };
}

/** The `abilities` summary `GET /api/auth/user` has always sent; older clients read it. */
export function abilities(p: Principal): Abilities {
  const channels = Object.fromEntries(
    CHANNEL_VALUES.map((channel) => [channel, { view: can(p, 'read', 'calendar', { channel }), create: can(p, 'create', 'calendar', { channel }) }]),
  ) as Abilities['channels'];
  return {
    admin: administers(p),
    read_only: !!p.readOnly,
    global: { view: can(p, 'read', 'calendar'), create: can(p, 'create', 'calendar') },
    channels,
    industry: { read: can(p, 'read', 'industry'), write: can(p, 'create', 'industry') },
    events: { read: can(p, 'read', 'event'), write: can(p, 'create', 'event') },
    ideas: { read: can(p, 'read', 'idea'), create: can(p, 'create', 'idea') },
  };
}

/** The principal as `GET /api/auth/user` sends it (snake_case, like the rest of the API). */
export interface WirePrincipal {
  user_id: string;
  role: Role | null;
  permissions: Array<{ permission_type: PermissionType; channel: Channel | null }>;
  read_only: boolean;
  channels: Channel[] | null;
  /** An access key: it never administers (older servers did not send this). */
  key?: boolean;
  /**
   * A key or stakeholder link bound to a saved view: it reads campaigns alone (no tasks, ideas or
   * comments), and the server applies the view's filter, which the browser need not know.
   */
  view?: boolean;
}

export const toWirePrincipal = (p: Principal): WirePrincipal => ({
  user_id: p.userId,
  role: p.role,
  permissions: p.permissions.map((r) => ({ permission_type: r.permission_type, channel: r.channel ?? null })),
  read_only: !!p.readOnly,
  channels: p.channels ? [...p.channels] : null,
  key: isKeyPrincipal(p),
  ...(p.campaignFilter ? { view: true } : {}),
});

/**
 * The caller as `GET /api/auth/user` describes it, for `can()` in the browser. A server
 * that predates the `principal` field sent only role and permissions: no key limits then.
 */
export function principalFrom(res: {
  user: { id: string };
  role: Role | null;
  permissions: Principal['permissions'];
  principal?: WirePrincipal | undefined;
}): Principal {
  const w = res.principal;
  if (!w) return { userId: res.user.id, role: res.role, permissions: res.permissions };
  return {
    userId: w.user_id, role: w.role, permissions: w.permissions, readOnly: w.read_only, channels: w.channels,
    ...(w.key ? { accessKeyId: 'key' } : {}),
    // An empty filter matches every campaign the server sends; what it marks is "bound to a view".
    ...(w.view ? { campaignFilter: {} } : {}),
  };
}

/** Nobody: the caller before the server said who they are, and after it failed. */
export const NOBODY: Principal = Object.freeze({ userId: '', role: null, permissions: [], readOnly: true });
