import { describe, expect, it } from 'vitest';
import { tallyCampaignStats, type StatGroup } from './campaign-stats';

const g = (over: Partial<StatGroup>): StatGroup => ({ status: 'planning', scope: 'global', channels: [], primary_channel: null, n: 1, ...over });

describe('tallyCampaignStats', () => {
  it('should count stored statuses and scopes, overall and on every channel a campaign runs', () => {
    const stats = tallyCampaignStats([
      g({ status: 'live', channels: ['email', 'seo'], n: 3 }),
      g({ status: 'completed', scope: 'channel', channels: ['email'], primary_channel: 'email' }),
      g({ status: 'in-progress' }),
    ]);
    expect(stats).toMatchObject({ total: 5, global: 4, channel_only: 1, by_status: { planning: 0, 'in-progress': 1, live: 3, completed: 1 } });
    expect(stats.by_channel.email).toEqual({ total: 4, global: 3, channel_only: 1, by_status: { planning: 0, 'in-progress': 0, live: 3, completed: 1 } });
    expect(stats.by_channel.seo.total).toBe(3);
    expect(stats.by_channel.social).toEqual({ total: 0, global: 0, channel_only: 0, by_status: { planning: 0, 'in-progress': 0, live: 0, completed: 0 } });
  });

  it('should count a channel-only campaign on its primary channel once, even when it also lists it', () => {
    const stats = tallyCampaignStats([g({ scope: 'channel', primary_channel: 'seo', channels: [] }), g({ scope: 'channel', primary_channel: 'seo', channels: ['seo'] })]);
    expect(stats.by_channel.seo.channel_only).toBe(2);
  });
});
