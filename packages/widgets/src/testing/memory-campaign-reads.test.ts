import { describe, expect, it } from 'vitest';
import { makeCampaign } from './fixtures';
import { createMemoryClient } from './memory-client';

const rows = [
  makeCampaign({ title: 'A', status: 'live', channels: ['email', 'seo'] }),
  makeCampaign({ title: 'B', status: 'planning', created_at: '2026-02-01T09:00:00.000Z' }),
  makeCampaign({ title: 'C', status: 'completed', scope: 'channel', primary_channel: 'seo', channels: ['seo'] }),
  makeCampaign({ title: 'D' }),
];

describe('memory client campaign pages and stats', () => {
  it('should walk every campaign once, newest first with ties broken by id, like the server', async () => {
    const client = createMemoryClient({ campaigns: rows });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await client.campaigns.page({ limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((c) => c.title));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen[0]).toBe('B');
    expect(seen.slice().sort()).toEqual(['A', 'B', 'C', 'D']);
    const tied = rows.filter((c) => c.title !== 'B').sort((a, b) => (a.id < b.id ? 1 : -1)).map((c) => c.title);
    expect(seen.slice(1)).toEqual(tied);
  });

  it('should refuse a cursor it did not hand out, naming it', async () => {
    const client = createMemoryClient({ campaigns: rows });
    await expect(client.campaigns.page({ limit: 2, cursor: 'nope' })).rejects.toMatchObject({ status: 400, details: [{ path: 'cursor' }] });
  });

  it('should count what the stat cards and channel cards show', async () => {
    const client = createMemoryClient({ campaigns: rows });
    const stats = await client.campaigns.stats();
    expect(stats).toMatchObject({ total: 4, global: 3, channel_only: 1, by_status: { live: 1, planning: 2, completed: 1, 'in-progress': 0 } });
    expect(stats.by_channel.seo).toMatchObject({ total: 2, channel_only: 1 });
    expect((await client.campaigns.stats({ status: 'planning' })).total).toBe(2);
  });
});
