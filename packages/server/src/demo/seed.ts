import { AD_STATUSES, CAMPAIGN_STATUSES, CHANNEL_VALUES, PRIORITIES, addDays, rankFor, todayYmd, type RankedTask } from '@cadence/core';
import { seedApprovals } from './approvals';
import { seedComments } from './comments';
import { seedWebhooks } from './webhooks';
import { seedPlanningRules } from './planning-rules';
import { seedNotifications } from './notifications';
import { seedShareLink } from './share-link';
import type { Services } from '../services';
import { seedDemoBaseline } from './baseline';
import { replayDemoPast, type DemoCampaignRow } from './history';
import { demoBaselineAt, type DemoActor } from './past';
import {
  DEMO_CAMPAIGN_TITLES,
  DEMO_COMMENTS,
  DEMO_EVENTS,
  DEMO_IDEAS,
  DEMO_OWNERS,
  DEMO_PROSPECTIVE,
  DEMO_PUBLICATIONS,
  DEMO_TASKS,
  DEMO_TEMPLATES,
  DEMO_USERS,
} from './data';

export interface DemoResult {
  seeded: boolean;
  credentials: Array<{ email: string; password: string; role: string }>;
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/**
 * Checklists for two campaigns in three (docs/adr/0049), dated back from each go-live: what is long
 * past is done, some of what is past is still open (overdue against `today`), some required, most
 * assigned to one of the demo users.
 */
function demoTasks(campaigns: ReadonlyArray<{ id: string; live_date: string }>, today: string, users: readonly string[]): Array<Record<string, unknown>> {
  return campaigns.flatMap((c, i) => {
    if (i % 3 === 2) return [];
    const ranked: RankedTask[] = [];
    return DEMO_TASKS.slice(0, 3 + (i % 5)).map((task, k) => {
      const placed = rankFor(ranked);
      const rank = 'rank' in placed ? placed.rank : `a${k}`;
      ranked.push({ id: String(k), rank });
      const due = task.beforeLive === null ? null : addDays(c.live_date, -task.beforeLive);
      const longPast = due !== null && due < addDays(today, -7);
      const past = due !== null && due < today;
      const status = longPast && (i + k) % 4 !== 0 ? 'done' : past && (i + k) % 2 === 0 ? 'todo' : k % 3 === 1 ? 'in_progress' : 'todo';
      return {
        campaign_id: c.id, title: task.title, due_date: due, required: task.required, status, rank,
        assignee_id: k % 3 === 2 ? null : users[(i + k) % users.length], created_by: users[0],
        completed_at: status === 'done' ? `${due}T17:00:00Z` : null,
      };
    });
  });
}

/**
 * The working calendar's closed days (docs/adr/0052): the year-end holidays of this year and the
 * next, and a company blackout a fortnight from `today`, so calendars shade some and re-planning
 * skips them.
 */
export function demoClosedDays(today: string, createdBy: string) {
  const year = Number(today.slice(0, 4));
  const holidays = [year, year + 1].flatMap((y) => [
    { day: `${y}-01-01`, label: "New Year's Day" },
    { day: `${y}-12-25`, label: 'Christmas Day' },
    { day: `${y}-12-26`, label: 'Boxing Day' },
  ]);
  const blackout = { day: addDays(today, 14), label: 'Company offsite', kind: 'blackout' };
  const rows = [...holidays.map((h) => ({ ...h, kind: 'holiday' })), blackout];
  const unique = new Map(rows.map((r) => [r.day, r]));
  return [...unique.values()].map((r) => ({ ...r, source: 'manual', created_by: createdBy }));
}

/** Channels whose own campaigns the demo's second account may plan (docs/adr/0064). */
const VIEWER_PLANS = ['content', 'website'] as const;

/**
 * The demo's campaigns as they are on `today`: three a channel, over a quarter around it. The
 * second account created the ones of its channels (VIEWER_PLANS) that belong to that channel alone.
 */
export function demoCampaigns(today: string, users: Record<DemoActor, string>): DemoCampaignRow[] {
  return CHANNEL_VALUES.flatMap((channel, ci) =>
    DEMO_CAMPAIGN_TITLES[channel].map((title, k) => {
      const i = ci * 3 + k;
      const start = addDays(today, -30 + ((i * 7) % 80));
      const live = addDays(start, 7 + (i % 4) * 5);
      const channelOnly = k === 2 && ci % 2 === 0;
      const by: DemoActor = channelOnly && (VIEWER_PLANS as readonly string[]).includes(channel) ? 'viewer' : 'admin';
      return {
        title,
        channel,
        by,
        description: `${title}: planned by the ${channel} team.`,
        channels: channelOnly ? [channel] : [channel, pick(CHANNEL_VALUES, ci + 3)],
        status: pick(CAMPAIGN_STATUSES, i),
        planning_start_date: start,
        live_date: live,
        end_date: i % 3 === 0 ? null : addDays(live, 14 + (i % 5) * 7),
        owner: pick(DEMO_OWNERS, i),
        priority: pick(PRIORITIES, i),
        scope: channelOnly ? 'channel' : 'global',
        primary_channel: channelOnly ? channel : null,
        summary: 'Raise awareness with owners and engineers ahead of budgeting season.',
        goals: '250 marketing-qualified leads; 15 % lift in branded search.',
        audiences: ['Owners', 'Engineers'],
        kpis: ['MQLs', 'Click-through rate'],
        deliverables: ['Landing page', 'Three e-mails'],
        landing_page_urls: ['https://example.com/campaign'],
        created_by: users[by],
      };
    }),
  );
}

/** Fills an empty database with a quarter of demo data; leaves a database with accounts alone. */
export async function seedDemo(s: Services, today = todayYmd()): Promise<DemoResult> {
  const credentials = DEMO_USERS.map((u) => ({ email: u.email, password: u.password, role: u.role ?? 'viewer' }));
  if (await s.db('users').first('id')) return { seeded: false, credentials: [] };
  const hashes = await Promise.all(DEMO_USERS.map((u) => s.passwords.hash(u.password)));
  await s.db.transaction(async (trx) => {
    const users = await trx('users')
      .insert(DEMO_USERS.map((u, i) => ({ email: u.email, password_hash: hashes[i], email_confirmed_at: trx.fn.now() })))
      .returning(['id', 'email']);
    const admin = users[0]!.id as string;
    const viewer = users[1]!.id as string;
    await trx('user_roles').insert({ user_id: admin, role: 'admin' });
    await trx('user_permissions').insert([
      { user_id: viewer, permission_type: 'global_view', channel: null, created_by: admin },
      ...CHANNEL_VALUES.map((channel) => ({ user_id: viewer, permission_type: 'channel_view', channel, created_by: admin })),
    ]);

    // The second account is named as the planner of the content and website channels' own campaigns;
    // it is not given channel_create on them yet: the saved-views e2e relies on it sharing nothing (docs/adr/0064).
    const rows = demoCampaigns(today, { admin, viewer });
    // Written by replaying the weeks that led to them, so History, Activity and baselines have a past (docs/adr/0064).
    const ids = await replayDemoPast(trx, { admin, viewer }, rows, today);
    const stored = rows.map((r, i) => ({ id: ids[i]!, live_date: r.live_date }));
    await seedDemoBaseline(trx, admin, demoBaselineAt(today));
    await trx('tasks').insert(demoTasks(stored, today, [admin, viewer]));
    // Templates (docs/adr/0054): a task without a role or person gets the template's defaults.
    await trx('campaign_templates').insert(
      DEMO_TEMPLATES.map((t) => ({
        name: t.name,
        description: t.description,
        defaults: JSON.stringify(t.defaults),
        planning_offset: t.planning_offset,
        roles: JSON.stringify(t.roles),
        tasks: JSON.stringify(t.tasks.map((task) => ({ anchor: 'live', assignee_id: null, role: null, required: false, note: null, ...task }))),
        created_by: admin,
      })),
    );
    await seedApprovals(trx, admin, viewer);
    await seedComments(trx, { id: admin, email: String(users[0]!.email) }, { id: viewer, email: String(users[1]!.email) }, new Date(`${today}T12:00:00Z`));
    await seedWebhooks(trx, s.webhookSecrets, admin);
    await seedNotifications(trx, admin, viewer);
    await trx('closed_days').insert(demoClosedDays(today, admin)).onConflict('day').ignore();
    await seedPlanningRules(trx, admin, today);

    const ideas = await trx('ideas')
      .insert(DEMO_IDEAS.map((idea, i) => ({ ...idea, created_by: i % 2 ? viewer : admin })))
      .returning('id');
    await trx('ideas_comments').insert(
      ideas.slice(0, 2).flatMap((idea: { id: string }, i: number) =>
        DEMO_COMMENTS.slice(i).map((comment, k) => ({ idea_id: idea.id, comment, created_by: k % 2 ? admin : viewer })),
      ),
    );

    let adIndex = 0;
    for (const { ad_types, ...publication } of DEMO_PUBLICATIONS) {
      const [pub] = await trx('industry_publications').insert({ ...publication, created_by: admin }).returning('id');
      const types = await trx('publication_ad_types')
        .insert(ad_types.map((t) => ({ ...t, publication_id: pub.id })))
        .returning('id');
      for (const type of types) {
        for (const status of AD_STATUSES) {
          const due = addDays(today, -20 + adIndex * 6);
          await trx('industry_publication_ads').insert({
            publication_id: pub.id,
            ad_type_id: type.id,
            due_date: due,
            live_date: addDays(due, 10),
            status,
            content: status === 'new' ? null : 'Headline: Build what lasts.',
            region: publication.region,
            audience: publication.target_audience,
            industry: publication.industry_tags[0],
            created_by: admin,
          });
          adIndex += 1;
        }
      }
    }
    await trx('prospective_publications').insert(DEMO_PROSPECTIVE.map((p) => ({ ...p, created_by: admin })));
    await trx('sponsored_articles').insert(
      AD_STATUSES.map((status, i) => ({
        title: pick(['Lessons from 100 bridge retrofits', 'Funding water resilience', 'Digital twins on site', 'Safety by design'], i),
        publication_name: pick(DEMO_PUBLICATIONS, i).name,
        status,
        due_date: addDays(today, -7 + i * 9),
        live_date: addDays(today, 3 + i * 9),
        objective: 'Position us as the practical expert.',
        created_by: admin,
      })),
    );
    await trx('events').insert(
      DEMO_EVENTS.map(({ days, ...e }) => ({
        ...e,
        start_date: addDays(today, days[0]!),
        end_date: addDays(today, days[1]!),
        event_url: 'https://example.com/events',
        created_by: admin,
      })),
    );
    await seedShareLink(trx, admin, today);
  });
  return { seeded: true, credentials };
}
