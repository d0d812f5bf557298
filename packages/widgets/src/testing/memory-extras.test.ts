import { describe, expect, it } from 'vitest';
import { EDITOR_ID, VIEWER_ID, sampleWorkspace } from './fixtures-more';
import { createMemoryClient, type MemoryUser } from './memory-client';

const client = (user?: MemoryUser) =>
  createMemoryClient({ ...sampleWorkspace('2026-03-11'), ...(user ? { user } : {}) });

describe('in-memory client (issue #6 data)', () => {
  it('should sort like the server: ideas newest first, comments oldest first, ads by live date, names, due and start dates', async () => {
    const c = client();
    expect((await c.ideas.list()).map((i) => i.title)).toEqual(['Referral programme', 'Partner webinar', 'Customer spotlight series']);
    const comments = await c.comments.listAll();
    expect(comments.map((x) => x.created_at)).toEqual([...comments.map((x) => x.created_at)].sort());
    const ads = await c.ads.list();
    expect(ads.map((a) => a.live_date)).toEqual([...ads.map((a) => a.live_date)].sort());
    expect((await c.publications.list()).map((p) => p.name)).toEqual(['Construction Weekly', 'Power Today']);
    expect((await c.events.list()).map((e) => e.name)).toEqual(['Industry Expo 2026', 'Water Summit']);
  });

  it('should join ads with their publication and ad type, and cascade a publication delete', async () => {
    const c = client();
    const [ad] = await c.ads.list();
    expect(ad).toMatchObject({ publication_name: 'Construction Weekly', ad_type: 'Top Banner', copy_needs: 'Headline up to 60 characters' });
    const weekly = (await c.publications.list())[0]!;
    await c.publications.remove(weekly.id);
    expect((await c.ads.list()).every((a) => a.publication_id !== weekly.id)).toBe(true);
    expect(await c.adTypes.list(weekly.id)).toEqual([]);
  });

  it('should validate with core schemas and refuse stale versions', async () => {
    const c = client();
    await expect(c.publications.create({ name: '  ' })).rejects.toMatchObject({ status: 400, message: 'Publication name is required' });
    await expect(c.events.create({ name: 'X' } as never)).rejects.toMatchObject({ status: 400, message: 'Please fill in all required fields' });
    const idea = (await c.ideas.list())[0]!;
    await c.ideas.update(idea.id, { title: 'New' }, { version: idea.version });
    await expect(c.ideas.update(idea.id, { title: 'Old' }, { version: idea.version })).rejects.toMatchObject({ status: 412 });
  });

  it('should import CSV with core\'s rules', async () => {
    const c = client();
    await expect(c.prospective.importFile('Name\n')).rejects.toMatchObject({ message: 'File must contain at least a header row and one data row' });
    expect(await c.prospective.importFile('Name,Region\nMining Monthly,NA\nNew One,EMEA\n', { skipExisting: true })).toEqual({ rows: 2, imported: 1, skipped: [{ line: 2, reason: 'Already exists' }] });
    expect(await c.prospective.importFile('Name\nDry\n', { dryRun: true })).toEqual({ rows: 1, imported: 1, skipped: [] });
    expect((await c.prospective.list()).some((p) => p.name === 'Dry')).toBe(false);
  });

  it('should keep the directory and permissions for admins only', async () => {
    const admin = client();
    expect((await admin.users.list()).map((u) => u.id)).toContain(VIEWER_ID);
    await admin.users.grant(EDITOR_ID, 'global_view');
    await admin.users.grant(EDITOR_ID, 'global_view');
    expect((await admin.users.permissions(EDITOR_ID)).filter((p) => p.permission_type === 'global_view')).toHaveLength(1);
    await admin.users.revoke(EDITOR_ID, 'channel_create', 'events');
    expect((await admin.users.permissions(EDITOR_ID)).map((p) => p.permission_type)).toEqual(['global_view']);
    const viewer = client({ id: VIEWER_ID, role: null, permissions: [{ permission_type: 'global_view', channel: null }] });
    await expect(viewer.users.list()).rejects.toMatchObject({ status: 403 });
    await expect(viewer.ads.update((await viewer.ads.list())[0]!.id, { notes: 'x' })).rejects.toMatchObject({ status: 403 });
  });

  it('should upload images under 5MB to a publication', async () => {
    const c = client();
    const pub = (await c.publications.list())[0]!;
    await expect(c.uploadAdTypeExample(pub.id, new Blob(['x'], { type: 'image/png' }))).resolves.toMatchObject({ public_url: expect.stringContaining(`/${pub.id}/`) });
    await expect(c.uploadAdTypeExample(pub.id, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }))).rejects.toMatchObject({ status: 413, message: 'Image must be less than 5MB' });
  });
});
