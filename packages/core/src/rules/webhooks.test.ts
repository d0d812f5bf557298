import { describe, expect, it } from 'vitest';
import { isWebhookEventType, previousAttributes, WEBHOOK_EVENT_TYPES, webhookEventsOf, webhookLink, webhookRetryDelayMs, webhookSlackText, webhookSubscribes } from './webhooks';

const campaign = { id: 'c1', title: 'Spring', live_date: '2026-03-30', planning_start_date: '2026-03-01', end_date: null, status: 'planned', version: 1, updated_at: 'a' };

describe('webhook events', () => {
  it('should name the ten events of the issue', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'campaign.created', 'campaign.updated', 'campaign.moved', 'campaign.deleted',
      'task.assigned', 'task.done',
      'review.requested', 'review.approved', 'review.changes_requested',
      'comment.created',
    ]);
    expect(isWebhookEventType('campaign.moved')).toBe(true);
    expect(isWebhookEventType('campaign.exploded')).toBe(false);
  });

  it('should raise created, updated, moved (a date changed) and deleted for campaigns', () => {
    expect(webhookEventsOf('campaigns', null, campaign)).toEqual(['campaign.created']);
    expect(webhookEventsOf('campaigns', campaign, null)).toEqual(['campaign.deleted']);
    expect(webhookEventsOf('campaigns', campaign, { ...campaign, title: 'Summer', version: 2 })).toEqual(['campaign.updated']);
    expect(webhookEventsOf('campaigns', campaign, { ...campaign, live_date: '2026-04-01' })).toEqual(['campaign.updated', 'campaign.moved']);
    // Only bookkeeping changed: nothing to tell.
    expect(webhookEventsOf('campaigns', campaign, { ...campaign, version: 3, updated_at: 'b' })).toEqual([]);
  });

  it('should raise task.assigned for a new assignee and task.done when the status becomes done', () => {
    const task = { id: 't1', assignee_id: null, status: 'todo' };
    expect(webhookEventsOf('tasks', null, task)).toEqual([]);
    expect(webhookEventsOf('tasks', null, { ...task, assignee_id: 'u1' })).toEqual(['task.assigned']);
    expect(webhookEventsOf('tasks', task, { ...task, assignee_id: 'u1', status: 'done' })).toEqual(['task.assigned', 'task.done']);
    expect(webhookEventsOf('tasks', { ...task, status: 'done' }, { ...task, status: 'done', title: 'x' })).toEqual([]);
    expect(webhookEventsOf('tasks', task, null)).toEqual([]);
    expect(webhookEventsOf('ideas', null, { id: 'i' })).toEqual([]);
  });

  it('should raise comment.created for a new comment on a campaign, and nothing for its edit, its delete or an idea\'s comment', () => {
    const comment = { id: 'k1', campaign_id: 'c1', body: 'Looks good @[ann](user:u1)' };
    expect(webhookEventsOf('campaign_comments', null, comment)).toEqual(['comment.created']);
    expect(webhookEventsOf('campaign_comments', comment, { ...comment, body: 'Edited' })).toEqual([]);
    expect(webhookEventsOf('campaign_comments', comment, null)).toEqual([]);
    expect(webhookEventsOf('comments', null, { id: 'i1', idea_id: 'x' })).toEqual([]);
  });

  it('should keep the old values of the changed fields only, without bookkeeping', () => {
    expect(previousAttributes(campaign, { ...campaign, live_date: '2026-04-01', version: 2, updated_at: 'b' })).toEqual({ live_date: '2026-03-30' });
    expect(previousAttributes({ channels: ['email'] }, { channels: ['email'] })).toEqual({});
    expect(previousAttributes({ channels: ['email'], title: 'a' }, { channels: ['seo'], title: 'b' }, ['channels'])).toEqual({ channels: ['email'] });
  });

  it('should match subscriptions by name or *, and always a ping', () => {
    expect(webhookSubscribes(['task.done'], 'task.done')).toBe(true);
    expect(webhookSubscribes(['task.done'], 'task.assigned')).toBe(false);
    expect(webhookSubscribes(['*'], 'comment.created')).toBe(true);
    expect(webhookSubscribes(['task.done'], 'ping')).toBe(true);
  });
});

describe('webhook retries', () => {
  it('should back off 1 min, 5 min, 30 min, 2 h, 5 h, 10 h (±20 %), then give up', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => webhookRetryDelayMs(n, 0.5))).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
    expect(webhookRetryDelayMs(1, 0)).toBe(48_000);
    expect(webhookRetryDelayMs(1, 1)).toBe(72_000);
    expect(webhookRetryDelayMs(7)).toBeNull();
    // The whole schedule, at its longest, stays within the day.
    expect([1, 2, 3, 4, 5, 6].reduce((sum, n) => sum + webhookRetryDelayMs(n, 1)!, 0)).toBeLessThan(24 * 3600_000);
  });
});

describe('the Slack sentence', () => {
  const event = (type: string, object: Record<string, unknown>) => ({ type, actor: { id: 'u', email: 'ana@example.com' }, data: { object, previous_attributes: {} } });
  it('should say who did what, with a link from PUBLIC_URL', () => {
    expect(webhookSlackText('https://cadence.example.com/', event('campaign.moved', campaign))).toBe('ana@example.com moved campaign <https://cadence.example.com/campaigns/c1|Spring>: now live 2026-03-30');
    expect(webhookSlackText('https://c.example', event('task.assigned', { id: 't', title: 'Draft <b>', campaign_id: 'c9', assignee_email: 'bo@example.com' }))).toBe(
      'ana@example.com assigned task <https://c.example/campaigns/c9?tab=tasks|Draft b> to bo@example.com',
    );
    expect(webhookLink('https://c.example', event('campaign.deleted', campaign))).toBe('https://c.example/');
    expect(webhookSlackText('https://c.example', { ...event('review.approved', campaign), actor: null })).toBe('Cadence approved <https://c.example/campaigns/c1?tab=review|Spring>');
  });
});
