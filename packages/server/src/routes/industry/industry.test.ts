import { MESSAGES } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
let admin: string;
let editor: string;
let reader: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  const e = await t.signUpAndIn('editor@example.com');
  const r = await t.signUpAndIn('reader@example.com');
  await t.grant(admin, e.userId, ['channel_view', 'industry-publications'], ['channel_create', 'industry-publications']);
  await t.grant(admin, r.userId, ['channel_view', 'industry-publications']);
  editor = e.token;
  reader = r.token;
});
afterAll(async () => t?.close());

async function publicationWithType(name: string) {
  const pub = (await t.api('POST', '/api/publications', { token: editor, body: { name } })).body;
  const type = (await t.api('POST', `/api/publications/${pub.id}/ad-types`, { token: editor, body: { ad_type: 'Banner', cost: 99.999 } })).body;
  return { pub, type };
}

describe('publications and ad types', () => {
  it('should save empty optional fields as null, split tags, and list by name', async () => {
    const res = await t.api('POST', '/api/publications', {
      token: editor,
      body: { name: 'Zeta Weekly', category: '', region: ' NA ', industry_tags: ['water', ' ', 'mining'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Zeta Weekly', category: null, region: 'NA', industry_tags: ['water', 'mining'] });
    await t.api('POST', '/api/publications', { token: editor, body: { name: 'Alpha News' } });
    const names = (await t.api('GET', '/api/publications', { token: reader })).body.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort());
  });

  it("should answer 'Publication name is required' and 'Ad type name is required'", async () => {
    const pub = await t.api('POST', '/api/publications', { token: editor, body: { name: '  ' } });
    expect(pub.body.error.message).toBe(MESSAGES.publicationNameRequired);
    const { pub: p } = await publicationWithType('Typed');
    const type = await t.api('POST', `/api/publications/${p.id}/ad-types`, { token: editor, body: { ad_type: '' } });
    expect(type.status).toBe(400);
    expect(type.body.error.message).toBe(MESSAGES.adTypeNameRequired);
  });

  it('should keep cost as a two-decimal number or null', async () => {
    const { type } = await publicationWithType('Costly');
    expect(type.cost).toBe(100);
    const edited = await t.api('PATCH', `/api/ad-types/${type.id}`, { token: editor, body: { cost: 12.3 } });
    expect(edited.body.cost).toBe(12.3);
    expect((await t.api('PATCH', `/api/ad-types/${type.id}`, { token: editor, body: { cost: null } })).body.cost).toBeNull();
    expect((await t.api('PATCH', `/api/ad-types/${type.id}`, { token: editor, body: { cost: '12' } })).status).toBe(400);
  });

  it('should delete a publication with its ad types and ads in one go', async () => {
    const { pub, type } = await publicationWithType('Doomed');
    const ad = await t.api('POST', '/api/ads', {
      token: editor,
      body: { publication_id: pub.id, ad_type_id: type.id, due_date: '2026-05-01', live_date: '2026-05-10' },
    });
    expect(ad.status).toBe(201);
    expect((await t.api('DELETE', `/api/publications/${pub.id}`, { token: editor })).status).toBe(204);
    expect((await t.api('GET', `/api/ads/${ad.body.id}`, { token: editor })).status).toBe(404);
    expect((await t.api('GET', `/api/ad-types/${type.id}`, { token: editor })).status).toBe(404);
  });

  it('should not let a reader change anything', async () => {
    const { pub } = await publicationWithType('Read only');
    expect((await t.api('PATCH', `/api/publications/${pub.id}`, { token: reader, body: { notes: 'x' } })).status).toBe(403);
    expect((await t.api('POST', '/api/publications', { token: reader, body: { name: 'Nope' } })).status).toBe(403);
  });
});

describe('ads', () => {
  it("should require publication, ad type, due and live date with 'Please fill in all required fields'", async () => {
    const res = await t.api('POST', '/api/ads', { token: editor, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.requiredFields);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['ad_type_id', 'due_date', 'live_date', 'publication_id']);
  });

  it('should refuse an ad type of another publication', async () => {
    const a = await publicationWithType('Pub A');
    const b = await publicationWithType('Pub B');
    const res = await t.api('POST', '/api/ads', {
      token: editor,
      body: { publication_id: a.pub.id, ad_type_id: b.type.id, due_date: '2026-05-01', live_date: '2026-05-10' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('ad_type_id');
  });

  it('should list by live date with the publication name and type details, and allow any status change', async () => {
    const { pub, type } = await publicationWithType('Listing');
    const mk = (live: string) =>
      t.api('POST', '/api/ads', { token: editor, body: { publication_id: pub.id, ad_type_id: type.id, due_date: '2026-01-01', live_date: live } });
    await mk('2026-09-01');
    const early = (await mk('2026-02-01')).body;
    expect(early).toMatchObject({ status: 'new', publication_name: 'Listing', ad_type: 'Banner' });
    const list = (await t.api('GET', `/api/ads?publication_id=${pub.id}`, { token: reader })).body;
    expect(list.map((a: { live_date: string }) => a.live_date)).toEqual(['2026-02-01', '2026-09-01']);
    for (const status of ['live', 'new', 'content_ready', 'content_requested']) {
      const res = await t.api('PATCH', `/api/ads/${early.id}`, { token: editor, body: { status } });
      expect(res.body.status).toBe(status);
    }
    expect((await t.api('PATCH', `/api/ads/${early.id}`, { token: editor, body: { copy_images_link: 'not a url' } })).status).toBe(400);
  });

  it('should show live ads and events on the dashboard as read-only virtual campaigns', async () => {
    const { pub, type } = await publicationWithType('Virtual');
    const ad = (
      await t.api('POST', '/api/ads', {
        token: editor,
        body: { publication_id: pub.id, ad_type_id: type.id, due_date: '2026-04-01', live_date: '2026-04-15', status: 'live' },
      })
    ).body;
    const res = await t.api('GET', '/api/dashboard/virtual', { token: reader });
    const item = res.body.find((v: { id: string }) => v.id === `ad:${ad.id}`);
    expect(item).toMatchObject({ virtual: true, status: 'live', priority: 'medium', scope: 'global', source: { type: 'ad', id: ad.id } });
    const outsider = await t.signUpAndIn('outsider@example.com');
    expect((await t.api('GET', '/api/dashboard/virtual', { token: outsider.token })).body).toEqual([]);
  });
});

describe('prospective publications', () => {
  it('should add one row or many, trimmed, with empty values as null', async () => {
    const one = await t.api('POST', '/api/prospective-publications', { token: editor, body: { name: ' Solo ', notes: '' } });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ name: 'Solo', notes: null });
    const many = await t.api('POST', '/api/prospective-publications', { token: editor, body: { rows: [{ name: 'Beta' }, { name: 'Alpha' }] } });
    expect(many.status).toBe(201);
    expect(many.body.map((r: { name: string }) => r.name)).toEqual(['Alpha', 'Beta']);
    const bad = await t.api('POST', '/api/prospective-publications', { token: editor, body: { rows: [{ name: 'Ok' }, { name: '' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('rows.1.name');
  });

  const template = [
    'Name,Region,Industry,Audience,Website,Media Kit Link,Contacts,Notes',
    '"Power, Engineering",NA,Energy,Engineers,see www.power-eng.com/ads,https://kit.example/p.pdf,"Jane <jane@pe.example>, ads@pe.example","Likes ""quotes"""',
    ',EMEA,,,,,,',
    'Tunnels Weekly,EMEA,Construction,Contractors,tunnels.example,,,',
    '  ,APAC,Mining,,,,,',
  ].join('\n');

  it('should import the spec template with quoted commas, dropped blank names and web-address extraction', async () => {
    const res = await t.api('POST', '/api/prospective-publications/import', { token: editor, raw: template, headers: { 'Content-Type': 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.skipped.map((s: { line: number }) => s.line)).toEqual([3, 5]);
    const rows = (await t.api('GET', '/api/prospective-publications', { token: reader })).body;
    expect(rows.find((r: { name: string }) => r.name === 'Power, Engineering')).toMatchObject({
      region: 'NA',
      website: 'www.power-eng.com/ads',
      media_kit_link: 'https://kit.example/p.pdf',
      contacts: 'Jane <jane@pe.example>, ads@pe.example',
      notes: 'Likes "quotes"',
    });
  });

  it('should support dry_run and skip_existing, and take multipart uploads', async () => {
    const dry = await t.api('POST', '/api/prospective-publications/import?dry_run=1', { token: editor, raw: 'Name\nDry Co\n', headers: { 'Content-Type': 'text/csv' } });
    expect(dry.body).toEqual({ rows: 1, imported: 1, skipped: [] });
    expect((await t.api('GET', '/api/prospective-publications', { token: reader })).body.some((r: { name: string }) => r.name === 'Dry Co')).toBe(false);

    const form = new FormData();
    form.append('file', new Blob(['Name\ntunnels weekly\nFresh Co\nFresh Co\n'], { type: 'text/csv' }), 'pubs.csv');
    const res = await fetch(`${t.url}/api/prospective-publications/import?skip_existing=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${editor}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { imported: number; skipped: Array<{ line: number; reason: string }> };
    expect(report.imported).toBe(1);
    expect(report.skipped).toEqual([
      { line: 2, reason: 'A prospective publication with this name already exists' },
      { line: 4, reason: 'Same name as line 3' },
    ]);
  });

  it('should refuse files without data rows or valid names, and import nothing when one row is bad', async () => {
    const send = (raw: string) => t.api('POST', '/api/prospective-publications/import', { token: editor, raw, headers: { 'Content-Type': 'text/csv' } });
    expect((await send('Name,Region\n')).body.error.message).toBe(MESSAGES.csvTooShort);
    expect((await send('')).body.error.message).toBe(MESSAGES.csvTooShort);
    expect((await send('Name\n ,\n,x\n')).body.error.message).toBe(MESSAGES.csvNoValidRows);
    const before = (await t.api('GET', '/api/prospective-publications', { token: reader })).body.length;
    const bad = await send(`Name\nGood One\n${'x'.repeat(301)}\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Line 3: name/);
    expect((await t.api('GET', '/api/prospective-publications', { token: reader })).body.length).toBe(before);
  });
});

describe('articles', () => {
  it("should require title, due and live date with the spec message, and list by due date", async () => {
    const bad = await t.api('POST', '/api/articles', { token: editor, body: { title: 'No dates' } });
    expect(bad.body.error.message).toBe(MESSAGES.requiredFields);
    await t.api('POST', '/api/articles', { token: editor, body: { title: 'Later', due_date: '2026-08-01', live_date: '2026-08-10' } });
    const early = await t.api('POST', '/api/articles', { token: editor, body: { title: 'Sooner', due_date: '2026-07-01', live_date: '2026-07-10', objective: '' } });
    expect(early.body).toMatchObject({ status: 'new', objective: null });
    const list = (await t.api('GET', '/api/articles', { token: reader })).body;
    expect(list.map((a: { title: string }) => a.title)).toEqual(['Sooner', 'Later']);
  });
});
