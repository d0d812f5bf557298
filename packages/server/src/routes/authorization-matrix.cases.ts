/**
 * The authorization matrix of docs/architecture.md#rules: one case per registered route, each with an oracle
 * written from the DESIGN text (deliberately NOT the policy functions of @cadence/core, so the
 * server is checked against an independent reading) and a runner that performs one cell.
 */
import type { ApiResponse } from '../test/harness';

/** Channel x (the principal's channel) and channel y (another channel). */
export const X = 'email';
export const Y = 'seo';
const INDUSTRY = 'industry-publications';
const EVENTS = 'events';

/** A caller, described by what docs/architecture.md#rules looks at: role and permission records. */
export interface Who {
  key: string;
  anonymous?: boolean;
  admin: boolean;
  globalView: boolean;
  globalCreate: boolean;
  channelView: readonly string[];
  channelCreate: readonly string[];
  /**
   * An access key made by the administrator (docs/architecture.md#access-keys): it acts as its creator within its
   * limits: read-only, to channels, or bound to a shared view of channel x (`channel=x`).
   */
  via?: { readOnly: boolean; channels?: readonly string[]; bound?: boolean; link?: boolean };
}

const who = (key: string, p: Partial<Omit<Who, 'key'>> = {}): Who => ({
  key,
  admin: false,
  globalView: false,
  globalCreate: false,
  channelView: [],
  channelCreate: [],
  ...p,
});

export const PRINCIPALS: readonly Who[] = [
  who('anonymous', { anonymous: true }),
  who('no permissions'),
  who('global_view', { globalView: true }),
  who('global_create', { globalCreate: true }),
  who(`channel_view(${X})`, { channelView: [X] }),
  who(`channel_create(${X})`, { channelCreate: [X] }),
  // Beyond the brief's seven: the area channels of docs/architecture.md#rules ('industry-publications', 'events').
  who('channel_view(industry-publications, events)', { channelView: [INDUSTRY, EVENTS] }),
  who('channel_create(industry-publications, events)', { channelCreate: [INDUSTRY, EVENTS] }),
  // Realistic editors, so the success paths of channel writes and of promote are reached by non-admins.
  who(`channel_view+channel_create(${X})`, { channelView: [X], channelCreate: [X] }),
  who(`global_create+channel_view(${X})`, { globalCreate: true, channelView: [X] }),
  who('admin', { admin: true }),
  // Keys, all the administrator's, so their own limits are all that narrow them.
  who("admin's read-only key", { admin: true, via: { readOnly: true } }),
  who(`admin's write key limited to ${X}`, { admin: true, via: { readOnly: false, channels: [X] } }),
  who("admin's full write key", { admin: true, via: { readOnly: false } }),
  who(`admin's key bound to a shared view of ${X}`, { admin: true, via: { readOnly: true, bound: true } }),
  // A stakeholder link's credential (docs/adr/0061): by the rules, a read-only key bound to its view.
  who(`admin's stakeholder link to a shared view of ${X}`, { admin: true, via: { readOnly: true, bound: true, link: true } }),
];

// ── The oracle: docs/architecture.md#rules, read literally ───────────────────────────────────────────────
/** view(c) / view(): admin, or channel_view for c / global_view. */
const view = (w: Who, c?: string) => w.admin || (c === undefined ? w.globalView : w.channelView.includes(c));
/** create(c) / create(): admin, or channel_create for c / global_create. Create does not imply view. */
const create = (w: Who, c?: string) => w.admin || (c === undefined ? w.globalCreate : w.channelCreate.includes(c));
// ── The key rules (docs/architecture.md#access-keys, the table), read literally ──
/** A key limited to channels reaches only those; a key bound to a view reads campaigns (and what its view shows) alone. */
const inKey = (w: Who, c: string) => !w.via?.channels || w.via.channels.includes(c);
const writes = (w: Who) => !w.via?.readOnly;
const bound = (w: Who) => !!w.via?.bound;
/** Keys never administer; nor do they use saved views, which belong to people. */
const administers = (w: Who) => w.admin && !w.via;
const person = (w: Who) => !w.via;
const areaRead = (w: Who, area: string) => !bound(w) && inKey(w, area) && (view(w) || view(w, area));
const areaWrite = (w: Who, area: string) => writes(w) && !bound(w) && inKey(w, area) && (create(w) || create(w, area));
/** Ideas and comments belong to no channel: a channel-limited or view-bound key has none of them. */
const ideaRead = (w: Who) => !w.via?.channels && !bound(w);
const ideaCreate = (w: Who) => ideaRead(w) && writes(w);
const ownedWrite = (w: Who, own: boolean) => ideaCreate(w) && (own || w.admin);
/** The history of rows: none for read-only keys (and so bound ones); by the row's read rule otherwise. */
const historyRead = (w: Who) => writes(w);
const industryRead = (w: Who) => areaRead(w, INDUSTRY);
const industryWrite = (w: Who) => areaWrite(w, INDUSTRY);
const eventsRead = (w: Who) => areaRead(w, EVENTS);
const eventsWrite = (w: Who) => areaWrite(w, EVENTS);

export interface CampaignShape {
  scope: 'global' | 'channel';
  primary_channel: string | null;
  channels: string[];
  /** Created by the principal (else by another user). */
  own: boolean;
}
const g = (own: boolean, ...channels: string[]): CampaignShape => ({ scope: 'global', primary_channel: null, channels, own });
const ch = (own: boolean, c: string): CampaignShape => ({ scope: 'channel', primary_channel: c, channels: [c], own });
export const CAMPAIGNS = {
  'own global on x': g(true, X),
  "another user's global on x": g(false, X),
  "another user's global on y": g(false, Y),
  "another user's global on y+x": g(false, Y, X),
  'own channel-scope on x': ch(true, X),
  "another user's channel-scope on x": ch(false, X),
  "another user's channel-scope on y": ch(false, Y),
} satisfies Record<string, CampaignShape>;
export type CampaignTarget = keyof typeof CAMPAIGNS;
const CAMPAIGN_TARGETS = Object.keys(CAMPAIGNS) as CampaignTarget[];

/** Scope changes: `from` a fixture shape, `to` the shape after the PATCH `body`. */
const MOVES: Record<string, { from: CampaignTarget; to: CampaignShape; body: unknown }> = {
  "another user's channel-scope on x → y": { from: "another user's channel-scope on x", to: ch(false, Y), body: { primary_channel: Y } },
  "another user's channel-scope on x → global": { from: "another user's channel-scope on x", to: g(false, X), body: { scope: 'global' } },
  "another user's global on x → channel-scope on x": { from: "another user's global on x", to: ch(false, X), body: { scope: 'channel', primary_channel: X } },
};
type MoveTarget = keyof typeof MOVES;

/** The key's own limits on a campaign: its channels, and a bound view of channel x. */
const keyReaches = (w: Who, c: CampaignShape) =>
  (c.scope === 'global' ? c.channels.some((x) => inKey(w, x)) : inKey(w, c.primary_channel!)) && (!bound(w) || c.channels.includes(X));
const campaignRead = (w: Who, c: CampaignShape) =>
  keyReaches(w, c) && (c.scope === 'global' ? view(w) || c.channels.some((x) => view(w, x)) : view(w, c.primary_channel!));
const campaignWrite = (w: Who, c: CampaignShape) => writes(w) && keyReaches(w, c) && (c.scope === 'global' ? create(w) : create(w, c.primary_channel!));
/** promote: admin, or create() and the caller created the campaign; never a read-only key. */
const campaignPromote = (w: Who, c: CampaignShape) => writes(w) && (w.admin || (create(w) && c.own));
/**
 * A campaign's tasks (docs/adr/0049): read with the campaign, written by whoever may write it; a key
 * bound to a view reads campaigns alone. The assignee, who may read the campaign, changes the status
 * of their own task (a key acts for its creator, so its creator's task, if it writes at all).
 */
const taskRead = (w: Who, c: CampaignShape) => !bound(w) && campaignRead(w, c);
const taskWrite = (w: Who, c: CampaignShape) => !bound(w) && campaignWrite(w, c);
const taskStatus = (w: Who, c: CampaignShape, own: boolean) => taskWrite(w, c) || (own && writes(w) && taskRead(w, c));
const TASK_PATCHES = CAMPAIGN_TARGETS.flatMap((c) => [`${c}: rename`, `${c}: status of the principal's own task`]);
const patchTarget = (t: string) => ({ campaign: t.slice(0, t.indexOf(':')) as CampaignTarget, own: t.endsWith('own task') });

/**
 * A campaign's comments (docs/adr/0059): read with the campaign (keys included, a bound key not); written by
 * whoever reads it in person or with a full write key (never a read-only or channel key); edited and deleted
 * by the author or an administrator in person. Watching: read as comments are, chosen as they are written.
 */
const commentRead = (w: Who, c: CampaignShape) => !bound(w) && campaignRead(w, c);
const commentWrite = (w: Who, c: CampaignShape) => commentRead(w, c) && writes(w) && !w.via?.channels;
const commentEdit = (w: Who, c: CampaignShape, own: boolean) => commentWrite(w, c) && (own || administers(w));
const COMMENT_EDITS = CAMPAIGN_TARGETS.flatMap((c) => [`${c}: the principal's comment`, `${c}: another user's comment`]);
const commentTarget = (t: string) => ({ campaign: t.slice(0, t.indexOf(':')) as CampaignTarget, own: t.endsWith("principal's comment") });

/**
 * Campaign templates (docs/adr/0054): read by whoever may create a campaign somewhere (admins, global_create,
 * channel_create of a channel the key reaches; never a read-only or bound key), kept by administrators
 * in person. Applying one creates campaigns, each judged as POST /api/campaigns judges it.
 */
const templateRead = (w: Who) => administers(w) || (writes(w) && !bound(w) && (create(w) || w.channelCreate.some((c) => inKey(w, c))));

export type Outcome = number | 'listed' | 'absent';
/** A write: 404 when the row is unreadable, 403 when readable but not writable, else success. */
const write = (read: boolean, may: boolean, ok: number): Outcome => (!read ? 404 : !may ? 403 : ok);
const shown = (read: boolean): Outcome => (read ? 'listed' : 'absent');
const adminOnly = (ok: number) => (w: Who): Outcome => (administers(w) ? ok : 403);

// ── What a cell can use ────────────────────────────────────────────────────────────────
export interface Fixtures {
  campaign: Record<CampaignTarget, string>;
  /** A task of each campaign: another user's, and one assigned to the principal (their key's creator for a key). */
  task: Record<CampaignTarget, string>;
  ownTask: Record<CampaignTarget, string>;
  /** Another user's comment on each campaign (docs/adr/0059). */
  campaignComment: Record<CampaignTarget, string>;
  /** Whom `task` is assigned to: a user of its own per campaign target. */
  assignee: Record<CampaignTarget, string>;
  /** Ideas and comments by the principal ('own') and by another user ('other'). */
  idea: Record<'own' | 'other', string>;
  comment: Record<'own' | 'other', string>;
  publication: string;
  adType: string;
  liveAd: string;
  draftAd: string;
  prospective: string;
  article: string;
  event: string;
  /** A template whose campaigns are global on x, with one task and no roles. */
  template: string;
  /** Saved views: shared by another user (on the main calendar and on y), another user's personal one, and the principal's own. */
  view: Record<ViewTarget, string>;
  /** A switched-off webhook endpoint (so the matrix's writes send nothing), and a delivery of its test ping. */
  webhook: string;
  webhookDelivery: string;
  /** Inbox items (docs/adr/0060): the principal's own (its key's creator's, for a key) and another user's. */
  notification: Record<'own' | 'other', string>;
}

export interface Cell {
  who: Who;
  /** The principal's user id (a bystander's for the anonymous caller, so paths stay valid). */
  selfId: string;
  /** A user that is neither the principal nor an author of fixture rows. */
  bystanderId: string;
  /** Rows shared by the principal's read and non-destructive cells. */
  fx: Fixtures;
  /** New rows for destructive cells (delete, promote); 'own' rows are the principal's. */
  fresh: {
    campaign(t: CampaignTarget): Promise<string>;
    idea(own: boolean): Promise<string>;
    comment(own: boolean): Promise<string>;
    publication(): Promise<string>;
    adType(): Promise<string>;
    ad(): Promise<string>;
    prospective(): Promise<string>;
    article(): Promise<string>;
    event(): Promise<string>;
    template(): Promise<string>;
    /** A new comment on this campaign, the principal's (`own`) or another user's. */
    campaignComment(campaignId: string, own: boolean): Promise<string>;
    /** A new task (another user's) of this campaign. */
    task(campaignId: string): Promise<string>;
    accessKey(): Promise<string>;
    /** A switched-off webhook endpoint. */
    webhook(): Promise<string>;
    /** Closes this day (as an administrator); returns it. */
    closedDay(day: string): Promise<string>;
    /** A new planning rule (as an administrator; a warning, so no other case's write is refused). */
    planningRule(): Promise<string>;
    ssoMapping(): Promise<string>;
    view(t: ViewTarget): Promise<string>;
    /** A stakeholder link to a shared view, the principal's own or another user's (docs/adr/0061). */
    shareLink(own: boolean): Promise<string>;
    /** A saved baseline (docs/adr/0063), the principal's own or another user's (an administrator's). */
    baseline(own: boolean): Promise<string>;
    /** A shared view another user (an administrator) saved and then deleted: it sits in their trash. */
    deletedView(): Promise<string>;
    /** A history entry: another user's update of a new row of this kind (a task: of another user's global campaign on x). */
    updateEntry(kind: 'publication' | 'idea' | 'task' | CampaignTarget): Promise<string>;
    /** A history entry: another user's (an administrator's) delete of their own new idea or comment. */
    deleteEntry(kind: 'idea' | 'comment'): Promise<string>;
  };
  /** A second session of the principal (undefined when anonymous), for sign-out. */
  extraSession(): Promise<string | undefined>;
  call(method: string, path: string, o?: { body?: unknown; raw?: string; headers?: Record<string, string>; token?: string }): Promise<ApiResponse>;
  unique(): string;
}

export interface RouteCase {
  /** `METHOD /path` exactly as registered in the RouteTable. */
  route: string;
  targets: readonly string[];
  expected(w: Who, target: string): Outcome;
  run(c: Cell, target: string): Promise<Outcome>;
}

const NONE = ['-'] as const;
/** A day no other cell closes: one of its own far in the future, from the cell's unique number. */
const matrixDay = (c: Cell): string => {
  const n = Number(c.unique().replace(/\D/g, ''));
  return new Date(Date.UTC(2200, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
};
const OWN_OTHER = ['own', 'other'] as const;
const SELF_OTHER = ['self', 'another user'] as const;
const DATES = { due_date: '2030-03-01', live_date: '2030-03-15' };

const status = async (p: Promise<ApiResponse>): Promise<Outcome> => (await p).status;
const listed = async (p: Promise<ApiResponse>, id: string): Promise<Outcome> => {
  const res = await p;
  if (res.status !== 200) return res.status;
  return Array.isArray(res.body) && res.body.some((r: { id?: unknown }) => r.id === id) ? 'listed' : 'absent';
};
const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);
const methodOf = (route: string) => route.slice(0, route.indexOf(' '));
const fill = (route: string, id: string) => pathOf(route).replace(':id', id);

/** A row-level case: `pick` chooses the row, `expect` the outcome. */
function rowCase(
  route: string,
  targets: readonly string[],
  expected: RouteCase['expected'],
  pick: (c: Cell, target: string) => string | Promise<string>,
  body?: unknown,
): RouteCase {
  return { route, targets, expected, run: async (c, t) => status(c.call(methodOf(route), fill(route, await pick(c, t)), { body })) };
}
function listCase(route: string, targets: readonly string[], expected: RouteCase['expected'], pick: (c: Cell, t: string) => string): RouteCase {
  return { route, targets, expected, run: (c, t) => listed(c.call('GET', pathOf(route)), pick(c, t)) };
}
function createCase(route: string, expected: (w: Who) => Outcome, body: (c: Cell) => unknown, targets: readonly string[] = NONE): RouteCase {
  return { route, targets, expected: (w) => expected(w), run: (c) => status(c.call('POST', pathOf(route), { body: body(c) })) };
}

/** The list / get / post / patch / delete routes of one industry or events table. */
function area(
  base: string,
  read: (w: Who) => boolean,
  writable: (w: Who) => boolean,
  shared: (fx: Fixtures) => string,
  fresh: (c: Cell) => Promise<string>,
  createBody: ((c: Cell) => unknown) | null,
  patchBody: unknown,
): RouteCase[] {
  const row = ['row'] as const;
  const cases = [
    listCase(`GET ${base}`, row, (w) => shown(read(w)), (c) => shared(c.fx)),
    rowCase(`GET ${base}/:id`, row, (w) => (read(w) ? 200 : 404), (c) => shared(c.fx)),
    rowCase(`PATCH ${base}/:id`, row, (w) => write(read(w), writable(w), 200), (c) => shared(c.fx), patchBody),
    rowCase(`DELETE ${base}/:id`, row, (w) => write(read(w), writable(w), 204), fresh),
  ];
  if (createBody) cases.push(createCase(`POST ${base}`, (w) => (writable(w) ? 201 : 403), createBody));
  return cases;
}

// ── Saved views (docs/adr/0032), read from docs/adr/0032: personal views are their owner's alone; shared ones are seen
// by whoever may read their dashboard (the main calendar's: any view right; a channel's: view() or view(c)),
// shared only by admins and users with create rights, and changed by their owner or an admin.
export const VIEW_TARGETS = ['shared on the main calendar', `shared on ${Y}`, "another user's personal", 'own personal'] as const;
export type ViewTarget = (typeof VIEW_TARGETS)[number];
const dashboardRead = (w: Who, c?: string) => (c === undefined ? view(w) || w.channelView.length > 0 : view(w) || view(w, c));
const viewRead = (w: Who, t: string) =>
  t === 'own personal' ? true : t === 'shared on the main calendar' ? dashboardRead(w) : t === `shared on ${Y}` ? dashboardRead(w, Y) : false;
const viewWrite = (w: Who, t: string) => t === 'own personal' || (t.startsWith('shared') && w.admin);
const mayShare = (w: Who) => w.admin || w.globalCreate || w.channelCreate.length > 0;
/** Any key is refused every saved-view route outright (403), before the view is looked at. */
const viewOutcome = (w: Who, o: Outcome): Outcome => (person(w) ? o : 403);

const BASE_CASES: readonly RouteCase[] = [
  // ── auth (the public sign-up, sign-in and refresh are exempt: see PUBLIC_ROUTES) ──
  {
    route: 'POST /api/auth/signout',
    targets: NONE,
    expected: () => 204,
    run: async (c) => status(c.call('POST', '/api/auth/signout', { token: await c.extraSession() })),
  },
  rowCase('GET /api/auth/user', NONE, () => 200, () => ''),

  // ── campaigns ──
  listCase('GET /api/campaigns', CAMPAIGN_TARGETS, (w, t) => shown(campaignRead(w, CAMPAIGNS[t as CampaignTarget])), (c, t) => c.fx.campaign[t as CampaignTarget]),
  {
    // Counted exactly when listed: a fresh campaign of the target's shape moves the caller's total by one, or not at all.
    route: 'GET /api/campaigns/stats',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => shown(campaignRead(w, CAMPAIGNS[t as CampaignTarget])),
    run: async (c, t) => {
      const before = await c.call('GET', '/api/campaigns/stats');
      if (before.status !== 200) return before.status;
      await c.fresh.campaign(t as CampaignTarget);
      const after = await c.call('GET', '/api/campaigns/stats');
      if (after.status !== 200) return after.status;
      const delta = after.body.total - before.body.total;
      return delta === 1 ? 'listed' : delta === 0 ? 'absent' : delta;
    },
  },
  rowCase('GET /api/campaigns/:id', CAMPAIGN_TARGETS, (w, t) => (campaignRead(w, CAMPAIGNS[t as CampaignTarget]) ? 200 : 404), (c, t) => c.fx.campaign[t as CampaignTarget]),
  {
    route: 'POST /api/campaigns/import',
    targets: ['text/csv'],
    expected: (w) => (writes(w) && inKey(w, X) && create(w) ? 200 : 403),
    run: (c) =>
      status(c.call('POST', '/api/campaigns/import', { raw: `title,planning_start_date,live_date,channels\nImported ${c.unique()},2030-01-01,2030-01-05,${X}\n`, headers: { 'Content-Type': 'text/csv' } })),
  },
  {
    route: 'POST /api/events/import',
    targets: ['text/csv'],
    expected: (w) => (eventsWrite(w) ? 200 : 403),
    run: (c) =>
      status(c.call('POST', '/api/events/import', { raw: `name,vertical,audience,start_date,end_date,type\nImported event ${c.unique()},water,owners,2030-02-01,2030-02-02,exhibit\n`, headers: { 'Content-Type': 'text/csv' } })),
  },
  {
    route: 'POST /api/campaigns',
    targets: ['global on x', 'channel-scope on x', 'channel-scope on y'],
    expected: (w, t) => {
      const c = t.endsWith('x') ? X : Y;
      const may = writes(w) && inKey(w, c) && (t === 'global on x' ? create(w) : create(w, c));
      return may ? 201 : 403;
    },
    run: (c, t) => {
      const scope = t.startsWith('global') ? { channels: [X] } : { scope: 'channel', primary_channel: t.endsWith('x') ? X : Y };
      return status(c.call('POST', '/api/campaigns', { body: { title: `New ${c.unique()}`, planning_start_date: '2030-01-05', live_date: '2030-02-01', ...scope } }));
    },
  },
  {
    // A rename of each shared row, plus moves (on new rows): docs/architecture.md#rules wants the write right before and after.
    route: 'PATCH /api/campaigns/:id',
    targets: [...CAMPAIGN_TARGETS, ...(Object.keys(MOVES) as MoveTarget[])],
    expected: (w, t) => {
      const move = MOVES[t as MoveTarget];
      if (!move) return write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), campaignWrite(w, CAMPAIGNS[t as CampaignTarget]), 200);
      const before = CAMPAIGNS[move.from];
      return write(campaignRead(w, before), campaignWrite(w, before) && campaignWrite(w, move.to), 200);
    },
    run: async (c, t) => {
      const move = MOVES[t as MoveTarget];
      const id = move ? await c.fresh.campaign(move.from) : c.fx.campaign[t as CampaignTarget];
      return status(c.call('PATCH', `/api/campaigns/${id}`, { body: move ? move.body : { title: 'Renamed by the matrix' } }));
    },
  },
  rowCase(
    'DELETE /api/campaigns/:id',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), campaignWrite(w, CAMPAIGNS[t as CampaignTarget]), 204),
    (c, t) => c.fresh.campaign(t as CampaignTarget),
  ),
  rowCase(
    'POST /api/campaigns/:id/promote',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), campaignPromote(w, CAMPAIGNS[t as CampaignTarget]), 200),
    (c, t) => c.fresh.campaign(t as CampaignTarget),
  ),

  // ── campaign tasks (docs/adr/0049): the campaign's read and write rules; the assignee's status ──
  {
    route: 'GET /api/campaigns/:id/tasks',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => (!campaignRead(w, CAMPAIGNS[t as CampaignTarget]) ? 404 : shown(taskRead(w, CAMPAIGNS[t as CampaignTarget]))),
    run: (c, t) => listed(c.call('GET', `/api/campaigns/${c.fx.campaign[t as CampaignTarget]}/tasks`), c.fx.task[t as CampaignTarget]),
  },
  {
    route: 'GET /api/tasks',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => shown(taskRead(w, CAMPAIGNS[t as CampaignTarget])),
    run: (c, t) => listed(c.call('GET', `/api/tasks?campaign=${c.fx.campaign[t as CampaignTarget]}`), c.fx.task[t as CampaignTarget]),
  },
  {
    // A count, not a list: the campaign's tasks are counted ('listed') only for those who may read them.
    route: 'GET /api/tasks/counts',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => shown(taskRead(w, CAMPAIGNS[t as CampaignTarget])),
    run: async (c, t) => {
      const res = await c.call('GET', `/api/tasks/counts?campaign=${c.fx.campaign[t as CampaignTarget]}&today=2030-01-01`);
      if (res.status !== 200) return res.status;
      return (res.body as { count: number }).count > 0 ? 'listed' : 'absent';
    },
  },
  {
    // Who is assigned on the campaign's task is listed only to those who may read the task.
    route: 'GET /api/tasks/assignees',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => shown(taskRead(w, CAMPAIGNS[t as CampaignTarget])),
    run: (c, t) => listed(c.call('GET', '/api/tasks/assignees'), c.fx.assignee[t as CampaignTarget]),
  },
  rowCase('GET /api/tasks/:id', CAMPAIGN_TARGETS, (w, t) => (taskRead(w, CAMPAIGNS[t as CampaignTarget]) ? 200 : 404), (c, t) => c.fx.task[t as CampaignTarget]),
  {
    route: 'POST /api/campaigns/:id/tasks',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), taskWrite(w, CAMPAIGNS[t as CampaignTarget]), 201),
    run: (c, t) => status(c.call('POST', `/api/campaigns/${c.fx.campaign[t as CampaignTarget]}/tasks`, { body: { title: `Task ${c.unique()}`, due_date: '2030-01-20' } })),
  },
  {
    route: 'PATCH /api/tasks/:id',
    targets: TASK_PATCHES,
    expected: (w, t) => {
      const { campaign, own } = patchTarget(t);
      const shape = CAMPAIGNS[campaign];
      return write(taskRead(w, shape), own ? taskStatus(w, shape, true) : taskWrite(w, shape), 200);
    },
    run: (c, t) => {
      const { campaign, own } = patchTarget(t);
      if (!own) return status(c.call('PATCH', `/api/tasks/${c.fx.task[campaign]}`, { body: { title: 'Renamed by the matrix' } }));
      return status(c.call('PATCH', `/api/tasks/${c.fx.ownTask[campaign]}`, { body: { status: 'in_progress' } }));
    },
  },
  rowCase(
    'DELETE /api/tasks/:id',
    CAMPAIGN_TARGETS,
    (w, t) => write(taskRead(w, CAMPAIGNS[t as CampaignTarget]), taskWrite(w, CAMPAIGNS[t as CampaignTarget]), 204),
    (c, t) => c.fresh.task(c.fx.campaign[t as CampaignTarget]),
  ),
  rowCase(
    'GET /api/campaigns/:id/assignees',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), taskWrite(w, CAMPAIGNS[t as CampaignTarget]), 200),
    (c, t) => c.fx.campaign[t as CampaignTarget],
  ),

  // ── campaign comments and watching (docs/adr/0059) ──
  {
    route: 'GET /api/campaigns/:id/comments',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => (!campaignRead(w, CAMPAIGNS[t as CampaignTarget]) ? 404 : shown(commentRead(w, CAMPAIGNS[t as CampaignTarget]))),
    run: (c, t) => listed(c.call('GET', `/api/campaigns/${c.fx.campaign[t as CampaignTarget]}/comments`), c.fx.campaignComment[t as CampaignTarget]),
  },
  rowCase('GET /api/campaign-comments/:id', CAMPAIGN_TARGETS, (w, t) => (commentRead(w, CAMPAIGNS[t as CampaignTarget]) ? 200 : 404), (c, t) => c.fx.campaignComment[t as CampaignTarget]),
  {
    route: 'POST /api/campaigns/:id/comments',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), commentWrite(w, CAMPAIGNS[t as CampaignTarget]), 201),
    run: (c, t) => status(c.call('POST', `/api/campaigns/${c.fx.campaign[t as CampaignTarget]}/comments`, { body: { body: `Comment ${c.unique()}` } })),
  },
  {
    route: 'PATCH /api/campaign-comments/:id',
    targets: COMMENT_EDITS,
    expected: (w, t) => {
      const { campaign, own } = commentTarget(t);
      return write(commentRead(w, CAMPAIGNS[campaign]), commentEdit(w, CAMPAIGNS[campaign], own), 200);
    },
    run: async (c, t) => {
      const { campaign, own } = commentTarget(t);
      const id = await c.fresh.campaignComment(c.fx.campaign[campaign], own);
      return status(c.call('PATCH', `/api/campaign-comments/${id}`, { body: { body: `Edited ${c.unique()}` } }));
    },
  },
  {
    route: 'DELETE /api/campaign-comments/:id',
    targets: COMMENT_EDITS,
    expected: (w, t) => {
      const { campaign, own } = commentTarget(t);
      return write(commentRead(w, CAMPAIGNS[campaign]), commentEdit(w, CAMPAIGNS[campaign], own), 204);
    },
    run: async (c, t) => {
      const { campaign, own } = commentTarget(t);
      return status(c.call('DELETE', `/api/campaign-comments/${await c.fresh.campaignComment(c.fx.campaign[campaign], own)}`));
    },
  },
  rowCase(
    'GET /api/campaigns/:id/mentionable',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), commentWrite(w, CAMPAIGNS[t as CampaignTarget]), 200),
    (c, t) => c.fx.campaign[t as CampaignTarget],
  ),
  rowCase(
    'GET /api/campaigns/:id/watch',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), commentRead(w, CAMPAIGNS[t as CampaignTarget]), 200),
    (c, t) => c.fx.campaign[t as CampaignTarget],
  ),
  rowCase(
    'PUT /api/campaigns/:id/watch',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), commentWrite(w, CAMPAIGNS[t as CampaignTarget]), 200),
    (c, t) => c.fx.campaign[t as CampaignTarget],
    { watching: true },
  ),

  // ── campaign templates (docs/adr/0054) ──
  listCase('GET /api/templates', ['a template'], (w) => shown(templateRead(w)), (c) => c.fx.template),
  rowCase('GET /api/templates/:id', ['a template'], (w) => (templateRead(w) ? 200 : 404), (c) => c.fx.template),
  createCase('POST /api/templates', adminOnly(201), (c) => ({ name: `Template ${c.unique()}`, planning_offset: 5, tasks: [{ title: 'Draft', offset: -2 }] })),
  rowCase('PATCH /api/templates/:id', ['a template'], (w) => write(templateRead(w), administers(w), 200), (c) => c.fx.template, { description: 'Edited by the matrix' }),
  rowCase('DELETE /api/templates/:id', ['a template'], (w) => write(templateRead(w), administers(w), 204), (c) => c.fresh.template()),
  {
    route: 'POST /api/templates/:id/apply',
    targets: ['global on x'],
    expected: (w) => (!templateRead(w) ? 404 : writes(w) && inKey(w, X) && create(w) ? 201 : 403),
    run: (c) => status(c.call('POST', `/api/templates/${c.fx.template}/apply`, { body: { campaigns: [{ title: `From template ${c.unique()}`, live_date: '2030-03-15' }] } })),
  },
  {
    route: 'POST /api/templates/from-campaign',
    targets: ["another user's global on x"],
    expected: adminOnly(201),
    run: (c) => status(c.call('POST', '/api/templates/from-campaign', { body: { campaign_id: c.fx.campaign["another user's global on x"], name: `Saved ${c.unique()}` } })),
  },
  // ── approvals (docs/adr/0056): rules for administrators; a campaign's review with its read and write
  // rules; decisions by its reviewers alone. No fixture channel has a rule, so a caller who may request a
  // review hears that none of its channels needs approval (400), and nobody is a reviewer (403).
  {
    route: 'GET /api/approval-rules',
    targets: NONE,
    expected: (w) => (!bound(w) && (view(w) || w.channelView.length > 0) ? 200 : 403),
    run: (c) => status(c.call('GET', '/api/approval-rules')),
  },
  {
    route: 'PUT /api/approval-rules/:channel',
    targets: NONE,
    expected: adminOnly(200),
    run: (c) => status(c.call('PUT', '/api/approval-rules/social', { body: { mode: 'none' } })),
  },
  rowCase(
    'GET /api/campaigns/:id/approvals',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), !bound(w), 200),
    (c, t) => c.fx.campaign[t as CampaignTarget],
  ),
  rowCase(
    'POST /api/campaigns/:id/review-requests',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), campaignWrite(w, CAMPAIGNS[t as CampaignTarget]) && !bound(w), 400),
    (c, t) => c.fx.campaign[t as CampaignTarget],
    {},
  ),
  rowCase(
    'POST /api/campaigns/:id/review-decisions',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), false, 201),
    (c, t) => c.fx.campaign[t as CampaignTarget],
    { channel: X, decision: 'approve' },
  ),
  rowCase(
    'POST /api/campaigns/:id/go-live',
    CAMPAIGN_TARGETS,
    (w, t) => write(campaignRead(w, CAMPAIGNS[t as CampaignTarget]), campaignWrite(w, CAMPAIGNS[t as CampaignTarget]), 200),
    (c, t) => c.fresh.campaign(t as CampaignTarget),
    {},
  ),

  // ── dashboard: live ads for industry readers, events for events readers, never a draft ad ──
  {
    route: 'GET /api/dashboard/virtual',
    targets: ['live ad', 'draft ad', 'event'],
    // A bound key's view (channel x) shows no ad or event: those are on the industry and events channels.
    expected: (w, t) => (t === 'live ad' ? shown(industryRead(w)) : t === 'event' ? shown(eventsRead(w)) : 'absent'),
    run: (c, t) => listed(c.call('GET', '/api/dashboard/virtual'), t === 'live ad' ? `ad:${c.fx.liveAd}` : t === 'event' ? `event:${c.fx.event}` : `ad:${c.fx.draftAd}`),
  },

  // ── ideas and comments: any signed-in user reads and creates; author or admin edits/deletes ──
  listCase('GET /api/ideas', OWN_OTHER, (w) => shown(ideaRead(w)), (c, t) => c.fx.idea[t as 'own']),
  rowCase('GET /api/ideas/:id', OWN_OTHER, (w) => (ideaRead(w) ? 200 : 404), (c, t) => c.fx.idea[t as 'own']),
  createCase('POST /api/ideas', (w) => (ideaCreate(w) ? 201 : 403), (c) => ({ title: `Idea ${c.unique()}` })),
  rowCase('PATCH /api/ideas/:id', OWN_OTHER, (w, t) => write(ideaRead(w), ownedWrite(w, t === 'own'), 200), (c, t) => c.fx.idea[t as 'own'], { description: 'edited' }),
  rowCase('DELETE /api/ideas/:id', OWN_OTHER, (w, t) => write(ideaRead(w), ownedWrite(w, t === 'own'), 204), (c, t) => c.fresh.idea(t === 'own')),
  rowCase('GET /api/ideas/:id/comments', OWN_OTHER, (w) => (ideaRead(w) ? 200 : 404), (c, t) => c.fx.idea[t as 'own']),
  {
    route: 'POST /api/ideas/:id/comments',
    targets: OWN_OTHER,
    expected: (w) => write(ideaRead(w), ideaCreate(w), 201),
    run: (c, t) => status(c.call('POST', `/api/ideas/${c.fx.idea[t as 'own']}/comments`, { body: { comment: `Nice ${c.unique()}` } })),
  },
  listCase('GET /api/comments', OWN_OTHER, (w) => shown(ideaRead(w)), (c, t) => c.fx.comment[t as 'own']),
  rowCase('GET /api/comments/:id', OWN_OTHER, (w) => (ideaRead(w) ? 200 : 404), (c, t) => c.fx.comment[t as 'own']),
  rowCase('DELETE /api/comments/:id', OWN_OTHER, (w, t) => write(ideaRead(w), ownedWrite(w, t === 'own'), 204), (c, t) => c.fresh.comment(t === 'own')),

  // ── industry tables: read view() or view('industry-publications'); write create() or create('industry-publications') ──
  ...area('/api/publications', industryRead, industryWrite, (fx) => fx.publication, (c) => c.fresh.publication(), (c) => ({ name: `Pub ${c.unique()}` }), { notes: 'edited' }),
  rowCase('GET /api/publications/:id/ad-types', ['row'], (w) => (industryRead(w) ? 200 : 404), (c) => c.fx.publication),
  // The publication in the path is a direct request for a row: unreadable → 404, then the write right → 403.
  rowCase('POST /api/publications/:id/ad-types', ['row'], (w) => write(industryRead(w), industryWrite(w), 201), (c) => c.fx.publication, { ad_type: 'Banner' }),
  ...area('/api/ad-types', industryRead, industryWrite, (fx) => fx.adType, (c) => c.fresh.adType(), null, { specifications: 'edited' }),
  ...area('/api/ads', industryRead, industryWrite, (fx) => fx.liveAd, (c) => c.fresh.ad(), (c) => ({ publication_id: c.fx.publication, ad_type_id: c.fx.adType, ...DATES }), { notes: 'edited' }),
  ...area('/api/articles', industryRead, industryWrite, (fx) => fx.article, (c) => c.fresh.article(), (c) => ({ title: `Article ${c.unique()}`, ...DATES }), { objective: 'edited' }),
  ...area('/api/prospective-publications', industryRead, industryWrite, (fx) => fx.prospective, (c) => c.fresh.prospective(), null, { notes: 'edited' }),
  {
    route: 'POST /api/prospective-publications',
    targets: ['one row', '{rows}'],
    expected: (w) => (industryWrite(w) ? 201 : 403),
    run: (c, t) => {
      const row = { name: `Prospect ${c.unique()}` };
      return status(c.call('POST', '/api/prospective-publications', { body: t === 'one row' ? row : { rows: [row] } }));
    },
  },
  {
    route: 'POST /api/prospective-publications/import',
    targets: ['text/csv'],
    expected: (w) => (industryWrite(w) ? 200 : 403),
    run: (c) =>
      status(c.call('POST', '/api/prospective-publications/import', { raw: `Name,Region\nImported ${c.unique()},NA\n`, headers: { 'Content-Type': 'text/csv' } })),
  },

  {
    route: 'POST /api/storage/ad-type-examples',
    targets: NONE,
    expected: (w) => (industryWrite(w) ? 201 : 403),
    run: (c) =>
      status(
        c.call('POST', '/api/storage/ad-type-examples', {
          raw: gifUpload(c.fx.publication),
          headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
        }),
      ),
  },

  // ── events: read view() or view('events'); write create() or create('events') ──
  ...area(
    '/api/events',
    eventsRead,
    eventsWrite,
    (fx) => fx.event,
    (c) => c.fresh.event(),
    (c) => ({ name: `Event ${c.unique()}`, vertical: ['water'], audience: ['owners'], start_date: '2030-04-01', end_date: '2030-04-03', type: ['exhibit'] }),
    { venue: 'edited' },
  ),

  // ── users, roles, permissions: admin only ──
  rowCase('GET /api/functions/list-users', NONE, adminOnly(200), () => ''),
  ...(['GET /api/users/:id/permissions', 'GET /api/users/:id/role'] as const).map((route) =>
    rowCase(route, SELF_OTHER, adminOnly(200), (c, t) => (t === 'self' ? c.selfId : c.bystanderId)),
  ),
  // Harmless grants and revokes (channel_view on 'pr'), so a wrong success cannot skew other cells.
  rowCase('POST /api/users/:id/permissions', SELF_OTHER, adminOnly(201), (c, t) => (t === 'self' ? c.selfId : c.bystanderId), { permission_type: 'channel_view', channel: 'pr' }),
  {
    route: 'DELETE /api/users/:id/permissions',
    targets: SELF_OTHER,
    expected: adminOnly(204),
    run: (c, t) => status(c.call('DELETE', `/api/users/${t === 'self' ? c.selfId : c.bystanderId}/permissions?permission_type=channel_view&channel=pr`)),
  },
  {
    // Self-promotion to admin must be refused; the bystander is set to "no role" (never the last admin).
    route: 'PUT /api/users/:id/role',
    targets: ['self → admin', 'another user → none'],
    expected: adminOnly(200),
    run: (c, t) =>
      status(t === 'self → admin' ? c.call('PUT', `/api/users/${c.selfId}/role`, { body: { role: 'admin' } }) : c.call('PUT', `/api/users/${c.bystanderId}/role`, { body: { role: null } })),
  },

  // ── access keys: admin only ──
  rowCase('GET /api/access-keys', NONE, adminOnly(200), () => ''),
  createCase('POST /api/access-keys', adminOnly(201), (c) => ({ name: `Key ${c.unique()}`, read_only: true })),
  rowCase('DELETE /api/access-keys/:id', ["another user's key"], adminOnly(204), (c) => c.fresh.accessKey()),

  // ── webhooks (docs/adr/0058): administrators only; keys never administer ──
  listCase('GET /api/webhooks', ['a webhook'], (w) => (administers(w) ? 'listed' : 403), (c) => c.fx.webhook),
  createCase('POST /api/webhooks', adminOnly(201), (c) => ({ url: `https://hooks.example.invalid/${c.unique()}`, events: ['task.done'], active: false })),
  rowCase('GET /api/webhooks/:id', ['a webhook'], adminOnly(200), (c) => c.fx.webhook),
  rowCase('PATCH /api/webhooks/:id', ['a webhook'], adminOnly(200), (c) => c.fx.webhook, { description: 'Edited by the matrix' }),
  rowCase('DELETE /api/webhooks/:id', ['a webhook'], adminOnly(204), (c) => c.fresh.webhook()),
  rowCase('POST /api/webhooks/:id/rotate-secret', ['a webhook'], adminOnly(200), (c) => c.fx.webhook),
  rowCase('POST /api/webhooks/:id/test', ['a webhook'], adminOnly(201), (c) => c.fx.webhook),
  rowCase('GET /api/webhooks/:id/deliveries', ['a webhook'], adminOnly(200), (c) => c.fx.webhook),
  rowCase('POST /api/webhook-deliveries/:id/redeliver', ['a delivery'], adminOnly(200), (c) => c.fx.webhookDelivery),

  // ── the working calendar (docs/adr/0052): read by every signed-in principal, keys included; kept by admins ──
  rowCase('GET /api/working-calendar', NONE, () => 200, () => ''),
  rowCase('PUT /api/working-calendar/weekend', NONE, adminOnly(200), () => '', { weekend: [5, 6] }),
  createCase('POST /api/working-calendar/closed-days', adminOnly(201), (c) => ({ day: matrixDay(c), label: `Closed ${c.unique()}` })),
  {
    route: 'DELETE /api/working-calendar/closed-days/:day',
    targets: NONE,
    expected: adminOnly(204),
    run: async (c) => {
      const day = await c.fresh.closedDay(matrixDay(c));
      return status(c.call('DELETE', `/api/working-calendar/closed-days/${day}`));
    },
  },
  createCase('POST /api/working-calendar/import', adminOnly(200), (c) => ({
    ics: ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Matrix//EN', 'BEGIN:VEVENT', `UID:${c.unique()}`, `DTSTART;VALUE=DATE:${matrixDay(c).replaceAll('-', '')}`, 'SUMMARY:Imported', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'),
  })),

  // ── planning rules (docs/adr/0062): read by every signed-in principal, keys included; kept by admins, never keys ──
  // Every rule a case writes warns and never blocks, so the other cases' campaign writes pass.
  rowCase('GET /api/planning-rules', NONE, () => 200, () => ''),
  createCase('POST /api/planning-rules', adminOnly(201), () => ({ kind: 'owner_load', limit: 9_999, period: 'week', severity: 'warn' })),
  {
    route: 'PUT /api/planning-rules/:id',
    targets: NONE,
    expected: adminOnly(200),
    run: async (c) => status(c.call('PUT', `/api/planning-rules/${await c.fresh.planningRule()}`, { body: { kind: 'owner_load', limit: 9_998, severity: 'warn' } })),
  },
  {
    route: 'DELETE /api/planning-rules/:id',
    targets: NONE,
    expected: adminOnly(204),
    run: async (c) => status(c.call('DELETE', `/api/planning-rules/${await c.fresh.planningRule()}`)),
  },
  createCase('POST /api/planning-rules/import', adminOnly(200), () => ({ rules: [{ kind: 'owner_load', limit: 9_997, severity: 'warn' }] })),
  { route: 'GET /api/conflicts', targets: NONE, expected: () => 200, run: (c) => status(c.call('GET', '/api/conflicts?from=2030-01-01&to=2030-03-31')) },

  // ── single sign-on group mappings: admin only ──
  // ── history (docs/adr/0028): entries follow their row's read rule; a revert is a write like any other ──
  {
    route: 'GET /api/history',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => shown(historyRead(w) && campaignRead(w, CAMPAIGNS[t as CampaignTarget])),
    run: async (c, t) => {
      const id = c.fx.campaign[t as CampaignTarget];
      const res = await c.call('GET', `/api/history?resource=campaigns&id=${id}`);
      if (res.status !== 200) return res.status;
      return res.body.entries.some((e: { row_id: string }) => e.row_id === id) ? 'listed' : 'absent';
    },
  },
  {
    route: 'POST /api/history/:entryId/revert',
    targets: ['a publication update', "another user's idea update", "another user's idea delete", "another user's comment delete", 'a task update', ...CAMPAIGN_TARGETS],
    // An entry the caller may not read does not exist for them (404): a read-only key reads none.
    expected: (w, t) => {
      if (t === 'a publication update') return write(historyRead(w) && industryRead(w), industryWrite(w), 200);
      if (t === 'a task update') {
        const c = CAMPAIGNS["another user's global on x"];
        return write(historyRead(w) && taskRead(w, c), taskWrite(w, c), 200);
      }
      if (t === "another user's idea update") return write(historyRead(w) && ideaRead(w), ownedWrite(w, false), 200);
      // Undoing a delete asks what the delete asked: the author or an admin, though anyone may create one.
      if (t.endsWith('delete')) return write(historyRead(w) && ideaRead(w), ownedWrite(w, false), 200);
      const c = CAMPAIGNS[t as CampaignTarget];
      return write(historyRead(w) && campaignRead(w, c), campaignWrite(w, c), 200);
    },
    run: async (c, t) => {
      if (t.endsWith('delete')) return status(c.call('POST', `/api/history/${await c.fresh.deleteEntry(t.includes('idea') ? 'idea' : 'comment')}/revert`));
      const kind = t === 'a publication update' ? 'publication' : t === "another user's idea update" ? 'idea' : t === 'a task update' ? 'task' : (t as CampaignTarget);
      return status(c.call('POST', `/api/history/${await c.fresh.updateEntry(kind)}/revert`));
    },
  },

  // ── saved views: people only, as the rules say (a key is refused: access-keys tests) ──
  listCase('GET /api/views', VIEW_TARGETS, (w, t) => viewOutcome(w, shown(viewRead(w, t))), (c, t) => c.fx.view[t as ViewTarget]),
  {
    route: 'GET /api/views/counts',
    targets: VIEW_TARGETS,
    expected: (w, t) => viewOutcome(w, shown(viewRead(w, t))),
    run: async (c, t) => {
      const res = await c.call('GET', '/api/views/counts');
      if (res.status !== 200) return res.status;
      return c.fx.view[t as ViewTarget] in res.body.counts ? 'listed' : 'absent';
    },
  },
  rowCase('GET /api/views/:id', VIEW_TARGETS, (w, t) => viewOutcome(w, viewRead(w, t) ? 200 : 404), (c, t) => c.fx.view[t as ViewTarget]),
  rowCase('PATCH /api/views/:id', VIEW_TARGETS, (w, t) => viewOutcome(w, write(viewRead(w, t), viewWrite(w, t), 200)), (c, t) => c.fx.view[t as ViewTarget], { query: 'tab=list' }),
  rowCase('DELETE /api/views/:id', VIEW_TARGETS, (w, t) => viewOutcome(w, write(viewRead(w, t), viewWrite(w, t), 204)), (c, t) => c.fresh.view(t as ViewTarget)),
  {
    // Undo is for whoever deleted the view: anyone else is told it can no longer be restored.
    route: 'POST /api/views/:id/restore',
    targets: ['own personal, deleted by the principal', 'shared, deleted by an administrator'],
    expected: (w, t) => viewOutcome(w, t.startsWith('own') ? 201 : 404),
    run: async (c, t) => {
      let id: string;
      if (t.startsWith('own')) {
        id = await c.fresh.view('own personal');
        await c.call('DELETE', `/api/views/${id}`);
      } else id = await c.fresh.deletedView();
      return status(c.call('POST', `/api/views/${id}/restore`));
    },
  },
  {
    route: 'POST /api/views',
    targets: ['personal', 'shared'],
    expected: (w, t) => viewOutcome(w, dashboardRead(w) && (t === 'personal' || mayShare(w)) ? 201 : 403),
    run: (c, t) => status(c.call('POST', '/api/views', { body: { name: `View ${c.unique()}`, query: 'status=live', shared: t === 'shared' } })),
  },

  // ── the inbox (docs/adr/0060): each item its recipient's alone; people only, never a key ──
  {
    // A long page: other cells' writes tell the principal of campaigns they watch, newer than the fixture.
    route: 'GET /api/notifications',
    targets: OWN_OTHER,
    expected: (w, t) => (person(w) ? shown(t === 'own') : 403),
    run: (c, t) => listed(c.call('GET', '/api/notifications?limit=200'), c.fx.notification[t as 'own' | 'other']),
  },
  rowCase('GET /api/notifications/unread-count', NONE, (w) => (person(w) ? 200 : 403), () => ''),
  rowCase('POST /api/notifications/read-all', NONE, (w) => (person(w) ? 200 : 403), () => ''),
  rowCase('POST /api/notifications/:id/read', OWN_OTHER, (w, t) => (person(w) ? (t === 'own' ? 200 : 404) : 403), (c, t) => c.fx.notification[t as 'own' | 'other']),
  rowCase('GET /api/notification-preferences', NONE, (w) => (person(w) ? 200 : 403), () => ''),
  {
    route: 'PUT /api/notification-preferences',
    targets: NONE,
    expected: (w) => (person(w) ? 200 : 403),
    run: (c) => status(c.call('PUT', '/api/notification-preferences', { body: { kinds: { approved: 'app' } } })),
  },
  // ── stakeholder links (docs/adr/0061): people share the views they read; a link is changed by its creator or an administrator ──
  rowCase('POST /api/views/:id/share-links', VIEW_TARGETS, (w, t) => viewOutcome(w, viewRead(w, t) ? 201 : 404), (c, t) => c.fx.view[t as ViewTarget], { expires_on: '2999-12-31' }),
  rowCase('GET /api/views/:id/share-links', VIEW_TARGETS, (w, t) => viewOutcome(w, viewRead(w, t) ? 200 : 404), (c, t) => c.fx.view[t as ViewTarget]),
  {
    route: 'GET /api/share-links',
    targets: OWN_OTHER,
    expected: (w, t) => viewOutcome(w, shown(t === 'own' || w.admin)),
    run: async (c, t) => {
      const id = await c.fresh.shareLink(t === 'own');
      return listed(c.call('GET', '/api/share-links'), id);
    },
  },
  rowCase('PATCH /api/share-links/:id', OWN_OTHER, (w, t) => viewOutcome(w, t === 'own' || w.admin ? 200 : 404), (c, t) => c.fresh.shareLink(t === 'own'), { fields: ['brief'] }),
  rowCase('DELETE /api/share-links/:id', OWN_OTHER, (w, t) => viewOutcome(w, t === 'own' || w.admin ? 204 : 404), (c, t) => c.fresh.shareLink(t === 'own')),

  // ── baselines (docs/adr/0063): a comparison reads the activity log (none for read-only keys, and so bound keys and
  // links), each campaign by its read rule; saved baselines are people's, as saved views are: read by every person,
  // saved by admins and creators (global or any channel), renamed and deleted by their creator or an admin ──
  {
    route: 'GET /api/campaigns/compare',
    targets: CAMPAIGN_TARGETS,
    expected: (w, t) => (historyRead(w) ? shown(campaignRead(w, CAMPAIGNS[t as CampaignTarget])) : 403),
    run: async (c, t) => {
      // The fixtures were created after 2020: each is "added", if the caller may read it.
      const res = await c.call('GET', '/api/campaigns/compare?at=2020-01-01T00:00:00Z&from=2030-01-01&to=2030-02-28');
      if (res.status !== 200) return res.status;
      return res.body.campaigns.some((i: { id: string }) => i.id === c.fx.campaign[t as CampaignTarget]) ? 'listed' : 'absent';
    },
  },
  {
    route: 'GET /api/baselines',
    targets: OWN_OTHER,
    expected: (w) => viewOutcome(w, 'listed'),
    run: async (c, t) => {
      const id = await c.fresh.baseline(t === 'own');
      return listed(c.call('GET', '/api/baselines'), id);
    },
  },
  createCase('POST /api/baselines', (w) => viewOutcome(w, mayShare(w) ? 201 : 403), (c) => ({ name: `Baseline ${c.unique()}`, at: '2026-01-05T09:00:00Z' })),
  {
    // Names are unique: each cell renames to a name of its own.
    route: 'PATCH /api/baselines/:id',
    targets: OWN_OTHER,
    expected: (w, t) => viewOutcome(w, t === 'own' || w.admin ? 200 : 403),
    run: async (c, t) => status(c.call('PATCH', `/api/baselines/${await c.fresh.baseline(t === 'own')}`, { body: { name: `Renamed ${c.unique()}` } })),
  },
  rowCase('DELETE /api/baselines/:id', OWN_OTHER, (w, t) => viewOutcome(w, t === 'own' || w.admin ? 204 : 403), (c, t) => c.fresh.baseline(t === 'own')),

  rowCase('GET /api/sso/mappings', NONE, adminOnly(200), () => ''),
  createCase('POST /api/sso/mappings', adminOnly(201), (c) => ({ claim: 'groups', value: `matrix-${c.unique()}`, grant: 'channel_view:pr' })),
  rowCase('DELETE /api/sso/mappings/:id', ['a mapping'], adminOnly(204), (c) => c.fresh.ssoMapping()),
];

/** A row's history answers as reading the row does (`GET /api/{resource}/:id/history`). */
const HISTORY_OF = ['campaigns', 'tasks', 'campaign-comments', 'ideas', 'comments', 'publications', 'ad-types', 'ads', 'prospective-publications', 'articles', 'events', 'templates'];
export const CASES: readonly RouteCase[] = [
  ...BASE_CASES,
  ...BASE_CASES.filter((rc) => HISTORY_OF.some((r) => rc.route === `GET /api/${r}/:id`)).map(
    (rc): RouteCase => ({
      ...rc,
      route: `${rc.route}/history`,
      run: (c, t) => rc.run({ ...c, call: (method, path, o) => c.call(method, `${path}/history`, o) }, t),
    }),
  ),
];

/** Writes that leave no history entry, and why (docs/adr/0028): sessions, files, sign-in settings and saved views are not records. */
export const UNLOGGED_WRITES = [
  'POST /api/auth/signout',
  'POST /api/storage/ad-type-examples',
  'POST /api/sso/mappings',
  'DELETE /api/sso/mappings/:id',
  // Saved views are people's preferences, not plan data (docs/adr/0032).
  'POST /api/views',
  'PATCH /api/views/:id',
  'DELETE /api/views/:id',
  'POST /api/views/:id/restore',
  // Watching a campaign is a person's preference, as a saved view is (docs/adr/0059).
  'PUT /api/campaigns/:id/watch',
  // Webhook endpoints' changes are administrators' history (docs/adr/0058 addendum); a test
  // delivery and a redelivery are entries of the deliveries' own log.
  'POST /api/webhooks/:id/test',
  'POST /api/webhook-deliveries/:id/redeliver',
  // Inbox items and notification preferences are a person's own, not plan data (docs/adr/0060).
  'POST /api/notifications/read-all',
  'POST /api/notifications/:id/read',
  'PUT /api/notification-preferences',
  // Saved baselines are named moments, the team's tools like saved views, not plan data (docs/adr/0063).
  'POST /api/baselines',
  'PATCH /api/baselines/:id',
  'DELETE /api/baselines/:id',
  // Stakeholder links are credentials, like access keys' sessions: their list keeps who made and revoked them when (docs/adr/0061).
  'POST /api/views/:id/share-links',
  'PATCH /api/share-links/:id',
  'DELETE /api/share-links/:id',
] as const;

/**
 * How many entries a cell's request must leave: one for a write that succeeded, none otherwise.
 * The matrix's role cells set a role the user already has, and promoting a global campaign, which change nothing.
 */
export function expectedEntries(route: string, target: string, outcome: Outcome): number {
  // Promoting a campaign that is already global changes nothing.
  if (route === 'POST /api/campaigns/:id/promote' && target.includes('global')) return 0;
  // A campaign from a template is two creates: the campaign's and its one task's.
  if (route === 'POST /api/templates/:id/apply') return outcome === 201 ? 2 : 0;
  if (route.startsWith('GET ') || (UNLOGGED_WRITES as readonly string[]).includes(route) || route === 'PUT /api/users/:id/role') return 0;
  return typeof outcome === 'number' && outcome >= 200 && outcome < 300 ? 1 : 0;
}

/** Public routes: no sign-in needed; checked once each for "not 401" with a valid request. */
const BOUNDARY = 'cadence-matrix-boundary';
/** A multipart upload of a tiny GIF (its signature is ASCII, so a string body carries it intact). */
function gifUpload(publicationId: string): string {
  return [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="publication_id"',
    '',
    publicationId,
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="example.gif"',
    'Content-Type: image/gif',
    '',
    'GIF89a-tiny-example',
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

export const PUBLIC_ROUTES = [
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/refresh',
  'GET /api/auth/confirm',
  'POST /api/functions/send-password-reset',
  'POST /api/functions/update-password',
  'GET /api/calendar.ics',
  'GET /api/auth/providers',
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  'POST /api/auth/sso/exchange',
  // An e-mail's one-click unsubscribe (RFC 8058, docs/adr/0060): the signed token is the credential.
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  'POST /api/shared/:token/open',
] as const;

/**
 * Signed-in routes that decide nothing: they act on the caller's own session, which every
 * signed-in caller may do. Every other signed-in route must ask core's `can()` (docs/adr/0017).
 */
export const SELF_ROUTES = ['POST /api/auth/signout', 'GET /api/auth/user'] as const;

/** A small seeded PRNG (mulberry32), so a random principal set can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Principals with random permission sets, checked by the same oracle as the fixed ones. */
export function randomPrincipals(seed: number, count: number): Who[] {
  const rnd = prng(seed);
  const pool = [X, Y, INDUSTRY, EVENTS, 'pr'];
  const pick = (p: number) => pool.filter(() => rnd() < p);
  return Array.from({ length: count }, (_, i) => {
    const w = who('', { globalView: rnd() < 0.3, globalCreate: rnd() < 0.3, channelView: pick(0.35), channelCreate: pick(0.35) });
    const perms = [
      w.globalView && 'global_view',
      w.globalCreate && 'global_create',
      ...w.channelView.map((c) => `channel_view(${c})`),
      ...w.channelCreate.map((c) => `channel_create(${c})`),
    ].filter(Boolean);
    return { ...w, key: `random #${i} [${perms.join(', ') || 'nothing'}]` };
  });
}
