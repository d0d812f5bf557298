import { describe, expect, it } from 'vitest';
import { makeCampaign } from './fixtures';
import { VIEWER_ID } from './fixtures-more';
import { createMemoryClient, type MemoryUser } from './memory-client';

const campaigns = [
  makeCampaign({ title: 'Spring mail', channels: ['email'], status: 'live' }),
  makeCampaign({ title: 'Social push', channels: ['social'], status: 'live' }),
  makeCampaign({ title: 'Mail draft', channels: ['email'], status: 'planning' }),
  makeCampaign({ title: 'Webinar', channels: ['webinars'], status: 'live' }),
];
const viewer: MemoryUser = { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null, permissions: [{ permission_type: 'global_view', channel: null }] };

describe('in-memory saved views (docs/adr/0032)', () => {
  it('should save a view, list it with its count, and count a channel view on its channel', async () => {
    const c = createMemoryClient({ campaigns });
    const mine = await c.views.create({ name: 'Email, Social · Live', query: '?channel=email,social&status=live' });
    expect(mine).toMatchObject({ query: 'channel=email,social&status=live', dashboard: 'global', shared: false, created_by_email: 'admin@cadence.demo', version: 1 });
    const email = await c.views.create({ name: 'Email', dashboard: 'email', query: 'tab=list' });
    expect((await c.views.list()).map((v) => v.name)).toEqual(['Email', 'Email, Social · Live']);
    await expect(c.views.create({ name: 'Bad', query: 'tab=channels', dashboard: 'email' })).rejects.toMatchObject({ status: 400, details: [{ path: 'query' }] });
    expect((await c.views.counts()).counts).toEqual({ [mine.id]: 2, [email.id]: 2 });
  });

  it('should show a shared view to others, keep a personal one private, and let only the owner or an admin change it', async () => {
    const admin = createMemoryClient({ campaigns });
    const shared = await admin.views.create({ name: 'Team live', query: 'status=live', shared: true });
    const stored = admin.control.views();
    const asViewer = createMemoryClient({ campaigns, user: viewer, views: [...stored, { ...stored[0]!, id: 'p1', name: 'Mine only', shared: false, created_by: 'someone' }] });
    expect((await asViewer.views.list()).map((v) => [v.name, v.created_by_email])).toEqual([['Team live', null]]);
    // Shared names are unique across the team, in any case.
    await expect(admin.views.create({ name: 'team LIVE', query: '', shared: true })).rejects.toMatchObject({ status: 409 });
    expect((await asViewer.views.counts()).counts).toEqual({ [shared.id]: 3 });
    await expect(asViewer.views.remove(shared.id)).rejects.toMatchObject({ status: 403 });
    await expect(asViewer.views.create({ name: 'Mine', query: '', shared: true })).rejects.toMatchObject({ status: 403 });
    const own = await asViewer.views.create({ name: 'Mine', query: 'status=live' });
    await asViewer.views.update(own.id, { name: 'Renamed' }, { version: own.version });
    await expect(asViewer.views.update(own.id, { name: 'Again' }, { version: own.version })).rejects.toMatchObject({ status: 412 });
  });

  it('should refuse a missing or duplicate name on the name field', async () => {
    const c = createMemoryClient();
    await expect(c.views.create({ name: ' ', query: '' })).rejects.toMatchObject({ status: 400, details: [{ path: 'name', message: 'View name is required' }] });
    await c.views.create({ name: 'Live', query: 'status=live' });
    await expect(c.views.create({ name: 'live', query: '' })).rejects.toMatchObject({ status: 409, details: [{ path: 'name', message: 'A view named “live” already exists' }] });
    await c.views.create({ name: 'Live', query: '', shared: true });
  });

  it('should list a view another user shares', async () => {
    const c = createMemoryClient({ campaigns });
    c.control.saveViewAs({ name: 'Editor picks', query: 'channel=webinars' });
    expect(await c.views.list()).toMatchObject([{ name: 'Editor picks', shared: true, created_by_email: 'editor@cadence.demo' }]);
  });
});
