import {
  can,
  mentionedIds,
  newlyMentioned,
  type Campaign,
  type CampaignAccessFields,
  type CampaignComment,
  type CampaignCommentsApi,
  type Principal,
  type Task,
  type WatchReason,
  type WatchState,
} from '@cadence/core';
import { campaignCommentCreateSchema, campaignCommentUpdateSchema, mentionableQuerySchema, watchUpdateSchema } from '@cadence/core/schemas';
import { checkVersion, forbidden, memoryId, notFound, parse, validation, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';
import type { PeopleData } from './memory-people';

// A campaign's comments, mentions and watchers in memory, as the server keeps them
// (docs/adr/0059): core's campaign_comment rule, mentions checked against who may read the
// campaign, the author and the mentioned made watchers, implicit watchers derived, every write
// logged and revertible. The client contract holds it to the server.

export interface MemoryCampaignCommentsOptions {
  run: Run;
  now: () => string;
  principal: Principal;
  campaigns: Campaign[];
  comments: CampaignComment[];
  tasks: () => readonly Task[];
  /** The reviewers of a campaign's channels' approval steps (docs/adr/0056). */
  reviewersOf: (c: Campaign) => string[];
  people: Pick<PeopleData, 'users' | 'permissions'>;
  log: MemoryLog;
}

const accessOf = (c: Campaign): CampaignAccessFields => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });
const bodyError = (message: string) => validation([{ path: ['body'], message }]);

export function memoryCampaignComments(o: MemoryCampaignCommentsOptions) {
  const { run, now, principal: p, campaigns, comments, people, log } = o;
  /** Explicit choices: `${campaignId} ${userId}` → watching. */
  const watchers = new Map<string, boolean>();
  // The order comments were made in, kept across a delete and its revert: the server's tie-break
  // (its timestamps are finer than the milliseconds rows show).
  const made = new Map<string, number>(comments.map((k, i) => [k.id, i]));
  const byTime = (a: CampaignComment, b: CampaignComment) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : (made.get(a.id) ?? 0) - (made.get(b.id) ?? 0);
  const campaignOf = (id: string) => campaigns.find((c) => c.id === id);
  const emailOf = (id: string) => people.users.find((u) => u.id === id)?.email;
  const principalOf = (userId: string): Principal | null => {
    if (userId === p.userId) return { userId, role: p.role, permissions: p.permissions };
    const u = people.users.find((x) => x.id === userId);
    if (!u) return null;
    return { userId, role: u.role ?? null, permissions: people.permissions.filter((r) => r.user_id === userId).map(({ permission_type, channel }) => ({ permission_type, channel })) };
  };
  const reads = (userId: string, c: Campaign) => {
    const who = principalOf(userId);
    return !!who && can(who, 'read', 'campaign', c);
  };
  const judged = (k: Pick<CampaignComment, 'created_by' | 'campaign_id'>) => {
    const c = campaignOf(k.campaign_id);
    return { created_by: k.created_by, campaign: c ? accessOf(c) : null };
  };
  const named = (c: Campaign): CampaignComment['campaign'] => ({
    id: c.id, title: c.title, status: c.status, scope: c.scope, primary_channel: c.primary_channel, channels: [...c.channels], live_date: c.live_date, created_by: c.created_by,
  });
  const out = (k: CampaignComment): CampaignComment => {
    const c = campaignOf(k.campaign_id);
    const campaign = c ? named(c) : k.campaign;
    const mentions = k.mention_ids.flatMap((id) => {
      const email = emailOf(id);
      return email === undefined ? [] : [{ id, email }];
    });
    return structuredClone({ ...k, campaign, mentions, author_email: k.created_by ? (emailOf(k.created_by) ?? null) : null });
  };
  const find = (id: string) => {
    const k = comments.find((x) => x.id === id);
    if (!k || !can(p, 'read', 'campaign_comment', judged(k))) throw notFound();
    return k;
  };
  const readableCampaign = (id: string) => {
    const c = campaignOf(id);
    if (!c || !can(p, 'read', 'campaign', c)) throw notFound();
    return c;
  };
  const checkMentions = (ids: readonly string[], c: Campaign) => {
    const missing = ids.filter((id) => !principalOf(id));
    if (missing.length) throw bodyError(`Mentions someone who is no longer a user (${missing.join(', ')})`);
    const blind = ids.filter((id) => !reads(id, c));
    if (blind.length) throw bodyError(`${blind.map((id) => emailOf(id) ?? id).join(', ')} cannot read this campaign, so cannot be mentioned`);
  };
  const markWatching = (campaignId: string, ids: readonly string[]) => {
    for (const id of ids) if (principalOf(id)) watchers.set(`${campaignId} ${id}`, true);
  };
  const shown = (k: CampaignComment) => out(k) as unknown as Record<string, unknown>;

  const write = (id: string, body: string, version: number | undefined, reverts?: string) => {
    const k = find(id);
    if (!can(p, 'update', 'campaign_comment', judged(k))) throw forbidden();
    checkVersion(k, version);
    if (body === k.body) return out(k);
    const ids = mentionedIds(body);
    const added = newlyMentioned(k.mention_ids, ids);
    checkMentions(added, campaignOf(k.campaign_id)!);
    markWatching(k.campaign_id, added);
    const before = shown(k);
    const stamp = now();
    Object.assign(k, { body, mention_ids: ids, edited_at: stamp, version: k.version + 1, updated_at: stamp });
    log.record('campaign-comments', k.id, 'update', { before, after: shown(k), fields: ['body', 'mention_ids', 'edited_at'], ...(reverts ? { reverts } : {}) });
    return out(k);
  };
  const remove = (id: string, version: number | undefined, reverts?: string) => {
    const k = find(id);
    if (!can(p, 'delete', 'campaign_comment', judged(k))) throw forbidden();
    checkVersion(k, version);
    comments.splice(comments.indexOf(k), 1);
    const { campaign: _c, author_email: _a, mentions: _m, ...row } = k;
    log.record('campaign-comments', k.id, 'delete', { row, ...(reverts ? { reverts } : {}) });
  };
  log.register('campaign-comments', {
    get: (id) => {
      const k = comments.find((x) => x.id === id);
      return k && (out(k) as never);
    },
    update: (id, patch, version, reverts) => write(id, String(patch.body ?? find(id).body), version, reverts) as never,
    recreate: (gone, reverts) => {
      const kept = gone as unknown as CampaignComment;
      const c = campaignOf(kept.campaign_id);
      if (!c || !can(p, 'create', 'campaign_comment', judged(kept))) throw forbidden();
      const row: CampaignComment = { ...kept, mentions: [], author_email: null, campaign: named(c), version: gone.version + 1, updated_at: now() };
      comments.push(row);
      log.record('campaign-comments', row.id, 'create', { reverts });
      return out(row) as never;
    },
    remove,
  });

  const REASONS: Array<[WatchReason, (c: Campaign, userId: string) => boolean]> = [
    ['owner', (c, u) => c.owner_id === u || c.created_by === u],
    ['assignee', (c, u) => o.tasks().some((t) => t.campaign_id === c.id && t.assignee_id === u)],
    ['reviewer', (c, u) => o.reviewersOf(c).includes(u)],
    ['mentioned', (c, u) => comments.some((k) => k.campaign_id === c.id && k.mention_ids.includes(u))],
  ];
  const watching = (c: Campaign, userId: string): WatchReason | null => {
    const explicit = watchers.get(`${c.id} ${userId}`);
    if (explicit === false || !reads(userId, c)) return null;
    return REASONS.find(([, holds]) => holds(c, userId))?.[0] ?? (explicit ? 'explicit' : null);
  };
  const stateOf = (c: Campaign): WatchState => {
    const everyone = new Set([p.userId, ...people.users.map((u) => u.id)]);
    const count = [...everyone].filter((id) => watching(c, id) !== null).length;
    const reason = watching(c, p.userId);
    return { watching: reason !== null, reason, count };
  };

  const api: CampaignCommentsApi = {
    list: (campaignId) =>
      run('campaignComments.list', () => {
        readableCampaign(campaignId);
        if (!can(p, 'read', 'campaign_comment')) return [];
        return comments
          .filter((k) => k.campaign_id === campaignId && can(p, 'read', 'campaign_comment', judged(k)))
          .sort(byTime)
          .map(out);
      }, [campaignId]),
    get: (id) => run('campaignComments.get', () => out(find(id)), [id]),
    create: (campaignId, input) =>
      run('campaignComments.create', () => {
        const c = readableCampaign(campaignId);
        if (!can(p, 'create', 'campaign_comment')) throw forbidden();
        const { body } = parse(campaignCommentCreateSchema, input);
        const stamp = now();
        const row: CampaignComment = {
          id: memoryId(), campaign_id: campaignId, body, mention_ids: mentionedIds(body), created_by: p.userId, author_email: null, edited_at: null,
          mentions: [], created_at: stamp, updated_at: stamp, version: 1, campaign: named(c),
        };
        if (!can(p, 'create', 'campaign_comment', judged(row))) throw forbidden();
        checkMentions(row.mention_ids, c);
        markWatching(campaignId, [p.userId, ...row.mention_ids]);
        made.set(row.id, made.size);
        comments.push(row);
        log.record('campaign-comments', row.id, 'create', {});
        return out(row);
      }, [campaignId, input]),
    update: (id, patch, options) =>
      run('campaignComments.update', () => write(id, parse(campaignCommentUpdateSchema, patch).body, options?.version), [id, patch, options]),
    remove: (id, options) => run('campaignComments.remove', () => remove(id, options?.version), [id, options]),
    mentionable: (campaignId, query) =>
      run('campaignComments.mentionable', () => {
        const c = readableCampaign(campaignId);
        if (!can(p, 'create', 'campaign_comment', { created_by: p.userId, campaign: accessOf(c) })) throw forbidden();
        const q = parse(mentionableQuerySchema, query ?? {});
        const needle = q.q?.toLowerCase() ?? '';
        return [...new Set([p.userId, ...people.users.map((u) => u.id)])]
          .flatMap((id) => {
            const email = emailOf(id);
            return email !== undefined && reads(id, c) && email.toLowerCase().includes(needle) ? [{ id, email }] : [];
          })
          .sort((a, b) => {
            const [x, y] = [a.email.toLowerCase(), b.email.toLowerCase()];
            return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
          })
          .slice(0, q.limit ?? 20);
      }, [campaignId, query]),
    watch: (campaignId) =>
      run('campaignComments.watch', () => {
        const c = readableCampaign(campaignId);
        if (!can(p, 'read', 'campaign_comment', { created_by: null, campaign: accessOf(c) })) throw forbidden();
        return stateOf(c);
      }, [campaignId]),
    setWatching: (campaignId, value) =>
      run('campaignComments.setWatching', () => {
        const c = readableCampaign(campaignId);
        if (!can(p, 'create', 'campaign_comment', { created_by: p.userId, campaign: accessOf(c) })) throw forbidden();
        const { watching } = parse(watchUpdateSchema, { watching: value });
        watchers.set(`${campaignId} ${p.userId}`, watching);
        return stateOf(c);
      }, [campaignId, value]),
  };

  return {
    api,
    all: () => comments,
    /** A campaign deleted: its comments and watchers go with it (ON DELETE CASCADE), unlogged. */
    campaignDeleted(campaignId: string) {
      for (let i = comments.length - 1; i >= 0; i--) if (comments[i]!.campaign_id === campaignId) comments.splice(i, 1);
      for (const key of [...watchers.keys()]) if (key.startsWith(`${campaignId} `)) watchers.delete(key);
    },
  };
}
