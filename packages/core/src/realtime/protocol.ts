import type { Role } from '../constants';
import { REALTIME_TOPICS, type RealtimeTopic } from '../realtime-topics';
import type { CountedBasis } from '../rules/stats-in-place';
import type { Permission } from '../schemas/auth';
import type { Campaign } from '../schemas/campaign';
import type { CampaignComment } from '../schemas/campaign-comments';
import type { CadenceEvent } from '../schemas/events';
import type { Idea, IdeaComment } from '../schemas/ideas';
import type { Ad, AdType, Article, ProspectivePublication, Publication } from '../schemas/industry';
import type { SavedView } from '../schemas/saved-view';
import type { Notification } from '../schemas/notifications';
import type { Task } from '../schemas/tasks';
import type { CampaignTemplate } from '../schemas/templates';
import type { ClosedDay } from '../schemas/working-calendar';
import type { PlanningRuleRecord } from '../schemas/planning-rules';

/*
 * The realtime feed's frames (docs/architecture.md#realtime-messages), declared once for the
 * server that sends them and the clients that read them. Browsers import this module, so it has
 * no zod: the checks are small ones written out, and a row's own fields are trusted as the HTTP
 * client trusts an answer's body (docs/adr/0044-one-realtime-protocol.md).
 */

/** A role set or removed (`PUT /api/users/:id/role`, or a sign-in's SSO grants): the user and the role now. */
export interface RoleChange {
  user_id: string;
  role: Role | null;
}

/** The row a change on each topic carries: the row as the API shows it (docs/architecture.md#row-shapes). */
export interface TopicRows {
  campaigns: Campaign;
  tasks: Task;
  campaign_comments: CampaignComment;
  ads: Ad;
  events: CadenceEvent;
  ideas: Idea;
  comments: IdeaComment;
  publications: Publication;
  ad_types: AdType;
  prospective_publications: ProspectivePublication;
  articles: Article;
  permissions: Permission | RoleChange;
  saved_views: SavedView;
  templates: CampaignTemplate;
  /** A closed day added or reopened (its `day` is the id), or the weekend set (id `weekend`). */
  working_calendar: ClosedDay | { weekend: number[] };
  /** A rule created, replaced or deleted (a whole list imported: a resync). */
  planning_rules: PlanningRuleRecord;
  notifications: Notification;
}
export type TopicRow<T extends RealtimeTopic> = TopicRows[T];

/** A change to one row of each topic: the row as it is now, or the id of a row that is gone (or that the reader may no longer read). */
export type RowChanges = { [K in RealtimeTopic]: { topic: K } & ({ op: 'insert' | 'update'; row: TopicRow<K> } | { op: 'delete'; id: string }) };

/** A row change as the feed delivers it, per topic: with its place in the feed and, for campaigns, what the reader's counts held (docs/adr/0034). */
export type ChangeFrames = { [K in RealtimeTopic]: RowChanges[K] & { type: 'change'; seq: number; basis?: CountedBasis } };

// Indexed by the topic, so that code generic in the topic keeps each topic's row type (TypeScript's correlated unions).
export type RowChange<T extends RealtimeTopic = RealtimeTopic> = RowChanges[T];
export type ChangeFrame<T extends RealtimeTopic = RealtimeTopic> = ChangeFrames[T];

/**
 * The change if it is one on `topic`, typed with that topic's row; else null. For code generic in
 * the topic, which TypeScript cannot follow from a topic to its row type on its own.
 */
export const changeOn = <T extends RealtimeTopic>(change: ChangeFrame, topic: T): ChangeFrame<T> | null =>
  change.topic === topic ? (change as unknown as ChangeFrame<T>) : null;

/** Refetch: everything (changes were missed past the retention), or one topic at `seq` (many rows changed at once, an import). */
export type ResyncFrame = { type: 'resync' } | { type: 'resync'; seq: number; topic: RealtimeTopic };

export const REALTIME_ERROR_CODES = ['unauthorized', 'validation_failed', 'internal'] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

/** Fields a subscribed row must equal, e.g. `{ status: 'live' }`. */
export type SubscriptionFilter = Record<string, string | number | boolean | null>;

/** What a client sends. */
export type ClientFrame =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; id: string; topic: RealtimeTopic; filter?: SubscriptionFilter }
  | { type: 'unsubscribe'; id: string }
  | { type: 'resume'; since: number };

/** What the server sends. */
export type ServerFrame =
  | { type: 'ready'; seq: number }
  | { type: 'subscribed'; id: string }
  | { type: 'unsubscribed'; id: string }
  | ChangeFrame
  | ResyncFrame
  | { type: 'error'; code: RealtimeErrorCode; message: string };

/** WebSocket close codes the feed uses, and what a client does about each. */
export const CLOSE_CODES = {
  /** The client closed: it has no subscription left, or was closed. */
  normal: 1000,
  /** Going away: another process can serve at once, reconnect without backing off. */
  goingAway: 1001,
  /** A frame above MAX_FRAME_BYTES (sent by the WebSocket library). */
  tooBig: 1009,
  /** The process is stopping: reconnect now, to another process, and resume (docs/adr/0026). */
  serviceRestart: 1012,
  /** Too far behind (the server would buffer too much): reconnect and resume. */
  tooFarBehind: 1013,
  /** No valid credential: no auth in time, a bad or revoked one, or a message before auth. */
  unauthorized: 4401,
} as const;

/** Limits the server holds a client to. */
export const REALTIME_LIMITS = {
  /** The first frame, auth, must come within this. */
  authTimeoutMs: 10_000,
  /** The server pings (a WebSocket ping, answered by the client's WebSocket) this often; a client silent for two intervals is dropped. */
  pingIntervalMs: 30_000,
  maxFrameBytes: 64 * 1024,
  subscriptionsPerConnection: 50,
  tokenLength: 4096,
  idLength: 64,
  filterFieldLength: 64,
  filterValueLength: 300,
} as const;

/** A frame that is not JSON or not one of the protocol's; the message says what is wrong with it. */
export class RealtimeFrameError extends Error {
  override readonly name = 'RealtimeFrameError';
}

export const encodeClientFrame = (frame: ClientFrame): string => JSON.stringify(frame);
export const encodeServerFrame = (frame: ServerFrame): string => JSON.stringify(frame);

type Fields = Record<string, unknown>;

const fail = (message: string): never => {
  throw new RealtimeFrameError(message);
};
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const TOPICS: ReadonlySet<string> = new Set(REALTIME_TOPICS);

function parseObject(text: string): Fields {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('A frame is a JSON object; this one is not JSON');
  }
  return isObject(json) ? json : fail('A frame is a JSON object with a "type"');
}

function text(f: Fields, field: string, max?: number): string {
  const v = f[field];
  if (typeof v === 'string' && v.length >= 1 && (max === undefined || v.length <= max)) return v;
  return fail(`${f.type}: "${field}" must be a string of ${max === undefined ? 'at least 1 character' : `1 to ${max} characters`}`);
}

function position(f: Fields, field: string): number {
  const v = f[field];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fail(`${f.type}: "${field}" must be a whole number of at least 0`);
}

function topic(f: Fields): RealtimeTopic {
  const v = f.topic;
  return typeof v === 'string' && TOPICS.has(v) ? (v as RealtimeTopic) : fail(`${f.type}: "topic" must be one of ${REALTIME_TOPICS.join(', ')}`);
}

function filter(f: Fields): SubscriptionFilter {
  const v = f.filter;
  if (!isObject(v)) return fail('subscribe: "filter" must be an object of field values');
  for (const [field, value] of Object.entries(v)) {
    if (field.length > REALTIME_LIMITS.filterFieldLength) fail(`subscribe: filter field names have at most ${REALTIME_LIMITS.filterFieldLength} characters`);
    const ok = value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
      || (typeof value === 'string' && value.length <= REALTIME_LIMITS.filterValueLength);
    if (!ok) fail(`subscribe: filter "${field}" must be a string of at most ${REALTIME_LIMITS.filterValueLength} characters, a number, true, false or null`);
  }
  return v as SubscriptionFilter;
}

function basis(v: unknown): CountedBasis {
  const entryOk = (e: unknown) => isObject(e) && typeof e.until === 'string' && (e.fields === null || isObject(e.fields));
  if (!isObject(v) || typeof v.created !== 'string' || !Array.isArray(v.before) || !v.before.every(entryOk) || (v.truncated !== undefined && typeof v.truncated !== 'boolean')) {
    return fail('change: "basis" must be {"created","before":[{"until","fields"}],"truncated"?}');
  }
  return v as unknown as CountedBasis;
}

function change(f: Fields): ChangeFrame {
  const seq = position(f, 'seq');
  const on = topic(f);
  const counted = f.basis === undefined ? {} : { basis: basis(f.basis) };
  if (f.op === 'delete') return { type: 'change', seq, topic: on, op: 'delete', id: text(f, 'id'), ...counted };
  if (f.op !== 'insert' && f.op !== 'update') return fail('change: "op" must be insert, update or delete');
  if (!isObject(f.row)) return fail(`change: an ${f.op} carries the row as an object`);
  // The row's fields are the API's row for the topic (TopicRows), as the HTTP client trusts an answer.
  return { type: 'change', seq, topic: on, op: f.op, row: f.row, ...counted } as ChangeFrame;
}

/** A client's frame, as the server reads it; throws RealtimeFrameError with what is wrong. Unknown fields are dropped. */
export function decodeClientFrame(raw: string): ClientFrame {
  const f = parseObject(raw);
  switch (f.type) {
    case 'auth':
      return { type: 'auth', token: text(f, 'token', REALTIME_LIMITS.tokenLength) };
    case 'subscribe': {
      const frame: ClientFrame = { type: 'subscribe', id: text(f, 'id', REALTIME_LIMITS.idLength), topic: topic(f) };
      return f.filter === undefined ? frame : { ...frame, filter: filter(f) };
    }
    case 'unsubscribe':
      return { type: 'unsubscribe', id: text(f, 'id', REALTIME_LIMITS.idLength) };
    case 'resume':
      return { type: 'resume', since: position(f, 'since') };
    default:
      return fail('A frame\'s "type" is one of auth, subscribe, unsubscribe, resume');
  }
}

/** A server's frame, as a client reads it; throws RealtimeFrameError with what is wrong. Unknown fields are dropped. */
export function decodeServerFrame(raw: string): ServerFrame {
  const f = parseObject(raw);
  switch (f.type) {
    case 'ready':
      return { type: 'ready', seq: position(f, 'seq') };
    case 'subscribed':
    case 'unsubscribed':
      return { type: f.type, id: text(f, 'id', REALTIME_LIMITS.idLength) };
    case 'change':
      return change(f);
    case 'resync':
      if (f.seq === undefined && f.topic === undefined) return { type: 'resync' };
      return { type: 'resync', seq: position(f, 'seq'), topic: topic(f) };
    case 'error': {
      const code = f.code;
      if (!(REALTIME_ERROR_CODES as readonly unknown[]).includes(code)) fail(`error: "code" must be one of ${REALTIME_ERROR_CODES.join(', ')}`);
      return { type: 'error', code: code as RealtimeErrorCode, message: typeof f.message === 'string' ? f.message : fail('error: "message" must be a string') };
    }
    default:
      return fail('A frame\'s "type" is one of ready, subscribed, unsubscribed, change, resync, error');
  }
}
