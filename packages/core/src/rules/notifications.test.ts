import { describe, expect, it } from 'vitest';
import { notificationPrefsUpdateSchema } from '../schemas/notifications';
import {
  campaignHref,
  campaignOfHref,
  describeNotification,
  digestDue,
  digestSections,
  effectivePrefs,
  excerptOf,
  groupNotifications,
  isTimeZone,
  localClock,
  recipientsOf,
  reminderWindow,
} from './notifications';

describe('who hears about a change', () => {
  it('should name each recipient once, never the actor nor nobody', () => {
    expect(recipientsOf(['a', 'b', null, 'a', undefined, 'me', 'c'], 'me')).toEqual(['a', 'b', 'c']);
    expect(recipientsOf(['me'], 'me')).toEqual([]);
    expect(recipientsOf(['a'], null)).toEqual(['a']);
  });
});

describe('preferences', () => {
  it('should not flood by default: mentions and review requests by mail at once, the rest in the digest', () => {
    const prefs = effectivePrefs();
    expect(prefs.kinds.mentioned).toBe('email');
    expect(prefs.kinds.review_requested).toBe('email');
    expect(Object.entries(prefs.kinds).filter(([, d]) => d === 'email').map(([k]) => k).sort()).toEqual(['mentioned', 'review_requested']);
    expect(prefs).toMatchObject({ digest_time: '08:00', time_zone: 'UTC' });
  });

  it('should keep what was chosen and fill the rest, ignoring what is not a kind or a delivery', () => {
    const prefs = effectivePrefs({ kinds: { task_assigned: 'email', mentioned: 'app', bogus: 'email', approved: 'pigeon' }, digest_time: '17:30', time_zone: 'Europe/Paris' });
    expect(prefs.kinds).toMatchObject({ task_assigned: 'email', mentioned: 'app', approved: 'digest' });
    expect(prefs.kinds).not.toHaveProperty('bogus');
    expect(prefs).toMatchObject({ digest_time: '17:30', time_zone: 'Europe/Paris' });
  });

  it('should refuse an unknown kind or delivery naming it, a bad time and a bad zone', () => {
    const problems = (body: unknown) => {
      const r = notificationPrefsUpdateSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(problems({ kinds: { foo: 'email' } })).toEqual(['kinds.foo']);
    expect(problems({ kinds: { mentioned: 'pigeon' } })).toEqual(['kinds.mentioned']);
    expect(problems({ time_zone: 'Mars/Olympus' })).toEqual(['time_zone']);
    expect(problems({ time_zone: '+02:00' })).toEqual(['time_zone']);
    expect(problems({ digest_time: '24:00' })).toEqual(['digest_time']);
    expect(problems({ kinds: { task_overdue: 'app' }, digest_time: '07:05', time_zone: 'America/Los_Angeles' })).toEqual([]);
  });

  it('should know IANA zones', () => {
    expect(isTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Nowhere/Special')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('the digest clock', () => {
  const now = new Date('2026-06-01T06:30:00Z');
  it('should read the day and the time in the person’s own zone', () => {
    expect(localClock(now, 'UTC')).toEqual({ day: '2026-06-01', time: '06:30' });
    expect(localClock(now, 'America/Los_Angeles')).toEqual({ day: '2026-05-31', time: '23:30' });
    expect(localClock(now, 'Pacific/Kiritimati')).toEqual({ day: '2026-06-01', time: '20:30' });
  });

  it('should be due once the digest time has passed that day', () => {
    expect(digestDue(now, { digest_time: '08:00', time_zone: 'UTC' })).toEqual({ due: false, day: '2026-06-01' });
    expect(digestDue(now, { digest_time: '06:30', time_zone: 'UTC' })).toEqual({ due: true, day: '2026-06-01' });
    expect(digestDue(now, { digest_time: '08:00', time_zone: 'America/Los_Angeles' })).toEqual({ due: true, day: '2026-05-31' });
  });

  it('should remind of tasks due tomorrow and of the past week’s overdue ones', () => {
    expect(reminderWindow('2026-03-01')).toEqual({ tomorrow: '2026-03-02', overdueFrom: '2026-02-22', overdueBefore: '2026-03-01' });
  });
});

describe('links and words', () => {
  it('should address a campaign’s dialog at a tab, and read it back', () => {
    const id = '0b7c8f3e-58f4-4c4f-9d53-2a8d0d3b9a11';
    expect(campaignHref(id, 'tasks')).toBe(`/?campaign=${id}&campaign_tab=tasks`);
    expect(campaignOfHref(campaignHref(id, 'review'))).toEqual({ campaign: id, tab: 'review' });
    expect(campaignOfHref(`?campaign=${id}&campaign_tab=bogus`)).toEqual({ campaign: id, tab: 'details' });
    expect(campaignOfHref('?campaign=nope')).toBeNull();
  });

  it('should say what happened, with its actor', () => {
    expect(describeNotification({ kind: 'task_assigned', actor_email: 'ann@x.test', data: { campaign_title: 'Spring', task_title: 'Write copy' } })).toBe(
      'ann@x.test assigned you “Write copy” on Spring',
    );
    expect(describeNotification({ kind: 'campaign_changed', actor_email: 'ann@x.test', data: { campaign_title: 'Spring', changes: { live_date: { before: '2026-03-01', after: '2026-03-08' } } } })).toBe(
      'ann@x.test changed Spring: go-live 2026-03-01 → 2026-03-08',
    );
    expect(describeNotification({ kind: 'campaign_drifted', data: { campaign_title: 'Spring', baseline_name: 'Q1 plan', slip_days: 5, was_live: '2026-03-01', live_date: '2026-03-06' } })).toBe(
      'Spring slipped 5 days past the baseline “Q1 plan” (go-live 2026-03-01 → 2026-03-06)',
    );
    expect(describeNotification({ kind: 'task_overdue', data: { campaign_title: 'Spring', task_title: 'Copy', due_date: '2026-02-27' } })).toBe(
      'Your task “Copy” on Spring is overdue (due 2026-02-27)',
    );
  });

  it('should cut an excerpt to one short line', () => {
    expect(excerptOf('  hello\n\nthere  ')).toBe('hello there');
    expect(excerptOf('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('should group neighbours about one campaign, and a digest per campaign', () => {
    const items = [
      { id: 1, campaign_id: 'a' },
      { id: 2, campaign_id: 'a' },
      { id: 3, campaign_id: 'b' },
      { id: 4, campaign_id: 'a' },
    ];
    expect(groupNotifications(items).map((g) => g.items.map((i) => i.id))).toEqual([[1, 2], [3], [4]]);
    expect(digestSections(items).map((g) => [g.campaign_id, g.items.map((i) => i.id)])).toEqual([
      ['a', [1, 2, 4]],
      ['b', [3]],
    ]);
  });
});

describe('a watched campaign’s changes', () => {
  it('should name the dates and status that changed, nothing else', async () => {
    const { watchedChanges } = await import('./notifications');
    const before = { live_date: '2026-03-01', status: 'planning', title: 'A', end_date: null };
    expect(watchedChanges(before, { live_date: '2026-03-08', title: 'B', end_date: null })).toEqual({ live_date: { before: '2026-03-01', after: '2026-03-08' } });
    expect(watchedChanges(before, { status: 'planning' })).toEqual({});
  });
});
