import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';
import { XLSX_TYPE } from './xlsx';

/** Every import kind through the one route shape: CSV or .xlsx, as the body or a multipart field. */
let t: TestServer;
let admin: string;

const xlsx = async (rows: Array<Array<string | Date | null>>) => new Uint8Array(await writeExcelFile(rows, { dateFormat: 'yyyy-mm-dd' }).toBuffer());
const send = (kind: string, body: string | Uint8Array<ArrayBuffer> | FormData, query = '', type: string | null = 'text/csv') =>
  fetch(`${t.url}/api/${kind}/import${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, ...(type ? { 'Content-Type': type } : {}) },
    body,
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
const titles = async (path: string, field: string) =>
  ((await t.api('GET', `${path}?limit=1000`, { token: admin })).body as Array<Record<string, string>>).map((r) => r[field]).sort();

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
});
afterAll(async () => t?.close());

describe('POST /api/campaigns/import', () => {
  const CSV = 'title,planning_start_date,live_date,channels,scope,primary_channel\nLaunch,2030-01-01,2030-01-05,"email, pr",,\nSEO push,2030-02-01,2030-02-03,,channel,seo\n';

  it('should save a CSV all or nothing, apply the scope rule, and skip existing rows by title and live date', async () => {
    const dry = await send('campaigns', CSV, '?dry_run=1');
    expect(dry).toEqual({ status: 200, body: { rows: 2, imported: 2, skipped: [] } });
    expect(await titles('/api/campaigns', 'title')).toEqual([]);
    expect((await send('campaigns', CSV)).body.imported).toBe(2);
    const seo = ((await t.api('GET', '/api/campaigns', { token: admin })).body as Array<{ title: string; channels: string[] }>).find((c) => c.title === 'SEO push');
    expect(seo?.channels).toEqual(['seo']);
    const again = await send('campaigns', `${CSV}launch,2030-01-01,2030-01-05,email,,\n`, '?skip_existing=1');
    expect(again.body).toEqual({
      rows: 3,
      imported: 0,
      skipped: [
        { line: 2, reason: 'A campaign with the same title and live date already exists' },
        { line: 3, reason: 'A campaign with the same title and live date already exists' },
        { line: 4, reason: 'A campaign with the same title and live date already exists' },
      ],
    });
  });

  it('should refuse a file with a bad line, naming every line and field, and save nothing', async () => {
    const res = await send('campaigns', 'title,planning_start_date,live_date,channels\nGood,2030-03-01,2030-03-05,email\nBad,2030-13-01,2030-03-05,email\n,2030-03-01,2030-03-05,fax\n');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Line 3: planning_start_date: .+ \(and 2 more problem\(s\); nothing was imported\)$/);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['line 3.planning_start_date', 'line 4.title', 'line 4.channels.0']);
    expect(await titles('/api/campaigns', 'title')).not.toContain('Good');
    const header = await send('campaigns', 'title,colour\nx,red\n');
    expect(header.body.error.message).toMatch(/^Line 1: Unknown column\(s\): colour/);
  });

  it('should read the first sheet of an .xlsx, as the body or a multipart field, dates and all', async () => {
    const sheet = await xlsx([
      ['Title', 'Planning start date', 'Live date'],
      ['From a sheet', new Date(Date.UTC(2030, 3, 1)), '2030-04-05'],
    ]);
    expect(await send('campaigns', sheet, '?dry_run=1', XLSX_TYPE)).toEqual({ status: 200, body: { rows: 1, imported: 1, skipped: [] } });
    const form = new FormData();
    form.append('file', new Blob([sheet]), 'campaigns.xlsx');
    expect((await send('campaigns', form, '', null)).body).toEqual({ rows: 1, imported: 1, skipped: [] });
    const saved = ((await t.api('GET', '/api/campaigns', { token: admin })).body as Array<{ title: string; planning_start_date: string }>).find((c) => c.title === 'From a sheet');
    expect(saved?.planning_start_date).toBe('2030-04-01');
    const broken = await send('campaigns', new Uint8Array([80, 75, 3, 4, 1, 2]), '', XLSX_TYPE);
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toMatch(/^Not a readable \.xlsx file/);
  });

  it('should refuse other content types with 415, naming the ones it takes', async () => {
    const res = await send('campaigns', '{"rows":[]}', '', 'application/json');
    expect(res.status).toBe(415);
    expect(res.body.error.message).toContain('text/csv');
  });
});

describe('POST /api/events/import', () => {
  it('should save the rows of a CSV and refuse a line by field', async () => {
    const ok = await send('events', 'name,vertical,audience,start_date,end_date,type\nExpo,"water, mining",owners,2030-06-10,2030-06-12,exhibit\n');
    expect(ok).toEqual({ status: 200, body: { rows: 1, imported: 1, skipped: [] } });
    expect(await titles('/api/events', 'name')).toEqual(['Expo']);
    const bad = await send('events', 'name,vertical,audience,start_date,end_date,type\nOther,other,owners,2030-06-10,2030-06-12,exhibit\n');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('line 2.vertical_other');
  });
});

describe('POST /api/prospective-publications {rows}', () => {
  it('should save many rows through the import, answered with the rows as stored, and log each', async () => {
    const socket = await subscribedSocket(t.url, admin, 'prospective_publications');
    const res = await t.api('POST', '/api/prospective-publications', { token: admin, body: { rows: [{ name: 'Zeta Weekly', region: 'NA' }, { name: 'Alpha Monthly', website: 'https://alpha.example' }] } });
    expect(res.status).toBe(201);
    expect(res.body.map((r: { name: string; region: string | null; website: string | null }) => [r.name, r.region, r.website])).toEqual([
      ['Alpha Monthly', null, 'https://alpha.example'],
      ['Zeta Weekly', 'NA', null],
    ]);
    await socket.waitFor(() => socket.changes().length >= 2);
    expect(socket.changes().map((c) => [c.op, c.row])).toEqual([
      ['insert', res.body.find((r: { name: string }) => r.name === 'Zeta Weekly')],
      ['insert', res.body.find((r: { name: string }) => r.name === 'Alpha Monthly')],
    ]);
    socket.ws.close();
  });
});
