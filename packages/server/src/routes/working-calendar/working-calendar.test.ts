import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';
import { loadWorkingCalendar } from '../../working-calendar/load';

// The working calendar (docs/adr/0052-working-calendar.md): read by every principal, keys too;
// kept by admins, by hand or from an .ics file.

let t: TestServer;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@calendar.test')).token;
  member = (await t.signUpAndIn('member@calendar.test')).token;
});
afterAll(async () => t?.close());

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const allDay = (uid: string, start: string, end: string | null, summary: string, extra: string[] = []) =>
  ['BEGIN:VEVENT', `UID:${uid}`, `DTSTART;VALUE=DATE:${start}`, ...(end ? [`DTEND;VALUE=DATE:${end}`] : []), `SUMMARY:${summary}`, ...extra, 'END:VEVENT'].join('\r\n');
const days = async (from = '1900-01-01', to = '2999-12-31') =>
  ((await t.api('GET', `/api/working-calendar?from=${from}&to=${to}`, { token: member })).body.closed_days as Array<{ day: string; label: string }>).map(
    (d) => `${d.day} ${d.label}`,
  );

describe('the working calendar', () => {
  it('should start with the standard weekend and no closed days, readable by a member and a read-only key', async () => {
    const res = await t.api('GET', '/api/working-calendar', { token: member });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ weekend: [5, 6], closed_days: [] });
    const key = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Wall screen', read_only: true } })).body;
    expect((await t.api('GET', '/api/working-calendar', { token: key.secret })).status).toBe(200);
    expect((await t.api('POST', '/api/working-calendar/closed-days', { token: key.secret, body: { day: '2030-01-01', label: 'x' } })).status).toBe(403);
  });

  it('should let an admin close and reopen a day, and refuse a member', async () => {
    const add = await t.api('POST', '/api/working-calendar/closed-days', { token: admin, body: { day: '2026-12-25', label: ' Christmas Day ' } });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ day: '2026-12-25', label: 'Christmas Day', kind: 'holiday', source: 'manual' });
    expect((await t.api('POST', '/api/working-calendar/closed-days', { token: admin, body: { day: '2026-12-25', label: 'Again' } })).status).toBe(409);
    expect((await t.api('POST', '/api/working-calendar/closed-days', { token: member, body: { day: '2026-12-26', label: 'Mine' } })).status).toBe(403);
    expect(await days('2026-12-01', '2026-12-31')).toEqual(['2026-12-25 Christmas Day']);
    const cal = await loadWorkingCalendar(t.services.db);
    expect(cal.closed.has('2026-12-25')).toBe(true);
    expect((await t.api('DELETE', '/api/working-calendar/closed-days/2026-12-25', { token: member })).status).toBe(403);
    expect((await t.api('DELETE', '/api/working-calendar/closed-days/2026-12-25', { token: admin })).status).toBe(204);
    expect((await t.api('DELETE', '/api/working-calendar/closed-days/2026-12-25', { token: admin })).status).toBe(404);
    expect((await t.api('DELETE', '/api/working-calendar/closed-days/2026-02-30', { token: admin })).status).toBe(404);
    expect(await days('2026-12-01', '2026-12-31')).toEqual([]);
  });

  it('should refuse bad input with a 400 naming the field, and save nothing', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await t.api('POST', '/api/working-calendar/closed-days', { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await bad({ day: '25/12/2026', label: 'Christmas' }, 'day');
    await bad({ day: '2026-02-30', label: 'Nope' }, 'day');
    await bad({ day: '2026-12-24', label: '   ' }, 'label');
    await bad({ day: '2026-12-24', label: 'Eve', kind: 'party' }, 'kind');
    await bad({ day: '2026-12-24', label: 'Eve', extra: 1 }, 'extra');
    const week = await t.api('PUT', '/api/working-calendar/weekend', { token: admin, body: { weekend: [0, 1, 2, 3, 4, 5, 6] } });
    expect(week.status).toBe(400);
    expect(JSON.stringify(week.body)).toContain('weekend');
    expect((await t.api('PUT', '/api/working-calendar/weekend', { token: admin, body: { weekend: [7] } })).status).toBe(400);
    expect((await t.api('GET', '/api/working-calendar?from=2026-13-01', { token: member })).status).toBe(400);
    expect(await days('2026-12-01', '2026-12-31')).toEqual([]);
    expect((await t.api('GET', '/api/working-calendar', { token: member })).body.weekend).toEqual([5, 6]);
  });

  it('should let an admin choose the weekend, which working days then skip', async () => {
    const res = await t.api('PUT', '/api/working-calendar/weekend', { token: admin, body: { weekend: [5, 4, 4] } });
    expect(res.status).toBe(200);
    expect(res.body.weekend).toEqual([4, 5]);
    expect((await loadWorkingCalendar(t.services.db)).weekend).toEqual([4, 5]);
    expect((await t.api('PUT', '/api/working-calendar/weekend', { token: member, body: { weekend: [6] } })).status).toBe(403);
    await t.api('PUT', '/api/working-calendar/weekend', { token: admin, body: { weekend: [5, 6] } });
  });

  it('should import an .ics file: all-day and multi-day events close each day, a recurring one each year, timed ones are skipped', async () => {
    const file = ics(
      allDay('xmas', '20271225', '20271227', 'Christmas and Boxing Day'),
      allDay('ny', '20270101', null, 'New Year', ['RRULE:FREQ=YEARLY;COUNT=2']),
      ['BEGIN:VEVENT', 'UID:mtg', 'DTSTART:20270105T090000Z', 'DTEND:20270105T100000Z', 'SUMMARY:Stand-up', 'END:VEVENT'].join('\r\n'),
    );
    const res = await t.api('POST', '/api/working-calendar/import', { token: admin, body: { ics: file } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.added.map((d: { day: string }) => d.day)).toEqual(['2027-01-01', '2027-12-25', '2027-12-26', '2028-01-01']);
    expect(res.body.added[0]).toMatchObject({ label: 'New Year', source: 'ics', kind: 'holiday' });
    expect(res.body.already_closed).toEqual([]);
    expect(res.body.skipped).toEqual([{ summary: 'Stand-up', reason: 'Has a time of day, not a whole day' }]);
    // Again: nothing twice.
    const again = await t.api('POST', '/api/working-calendar/import', { token: admin, body: { ics: file } });
    expect(again.body.added).toEqual([]);
    expect(again.body.already_closed).toHaveLength(4);
    expect(await days('2027-01-01', '2028-12-31')).toEqual(['2027-01-01 New Year', '2027-12-25 Christmas and Boxing Day', '2027-12-26 Christmas and Boxing Day', '2028-01-01 New Year']);
  });

  it('should refuse a bad file with a 400 on ics naming the problem, and save nothing', async () => {
    const before = await days();
    const refuse = async (text: string, says: RegExp) => {
      const res = await t.api('POST', '/api/working-calendar/import', { token: admin, body: { ics: text } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('ics');
      expect(JSON.stringify(res.body)).toMatch(says);
    };
    await refuse('hello, world', /Not an iCalendar file/);
    await refuse(ics(), /no events/);
    await refuse(ics(allDay('ok', '20290101', null, 'Fine'), allDay('bad', '2029XX25', null, 'Broken')), /Broken.*not a date/);
    await refuse(ics(allDay('long', '20290101', '20310101', 'Too long')), /more than 366 days/);
    expect((await t.api('POST', '/api/working-calendar/import', { token: admin, body: {} })).status).toBe(400);
    expect((await t.api('POST', '/api/working-calendar/import', { token: member, body: { ics: ics(allDay('m', '20290101', null, 'M')) } })).status).toBe(403);
    expect(await days()).toEqual(before);
  });

  it('should keep each change in the history with its actor, for administrators', async () => {
    await t.api('POST', '/api/working-calendar/closed-days', { token: admin, body: { day: '2031-05-01', label: 'Labour Day' } });
    await t.api('DELETE', '/api/working-calendar/closed-days/2031-05-01', { token: admin });
    const page = await t.api('GET', '/api/history?resource=working-calendar', { token: admin });
    expect(page.status).toBe(200);
    const mine = (page.body.entries as Array<{ action: string; row_id: string; actor: { email: string } | null }>).filter((e) => e.row_id === '2031-05-01');
    expect(mine.map((e) => [e.action, e.actor?.email])).toEqual([
      ['delete', 'admin@calendar.test'],
      ['create', 'admin@calendar.test'],
    ]);
    const asMember = await t.api('GET', '/api/history?resource=working-calendar', { token: member });
    expect(asMember.body.entries ?? []).toEqual([]);
  });
});

describe('the working calendar on the realtime feed', () => {
  it('should tell a member and a view-bound key of a closed day, a reopened one, the weekend and an import, at once', async () => {
    const view = await t.api('POST', '/api/views', { token: admin, body: { name: 'Wall', query: 'channel=email', shared: true } });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    const key = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Wall screen', read_only: true, view_id: view.body.id } })).body;
    const member$ = await subscribedSocket(t.url, member, 'working_calendar');
    const key$ = await subscribedSocket(t.url, key.secret, 'working_calendar');
    try {
      await t.api('POST', '/api/working-calendar/closed-days', { token: admin, body: { day: '2031-05-01', label: 'Labour Day' } });
      for (const s of [member$, key$]) {
        const added = await s.waitFor((m) => m.type === 'change' && m.op === 'insert');
        expect(added).toMatchObject({ topic: 'working_calendar', row: { day: '2031-05-01', label: 'Labour Day' } });
      }
      await t.api('DELETE', '/api/working-calendar/closed-days/2031-05-01', { token: admin });
      expect(await member$.waitFor((m) => m.type === 'change' && m.op === 'delete')).toMatchObject({ topic: 'working_calendar', id: '2031-05-01' });
      await t.api('PUT', '/api/working-calendar/weekend', { token: admin, body: { weekend: [4, 5] } });
      expect(await member$.waitFor((m) => m.type === 'change' && m.op === 'update')).toMatchObject({ row: { weekend: [4, 5] } });
      await t.api('PUT', '/api/working-calendar/weekend', { token: admin, body: { weekend: [5, 6] } });
      await t.api('POST', '/api/working-calendar/import', { token: admin, body: { ics: ics(allDay('rt-1', '20310101', null, 'New Year'), allDay('rt-2', '20310102', null, 'Bridge')) } });
      expect(await member$.waitFor((m) => m.type === 'resync')).toMatchObject({ topic: 'working_calendar' });
    } finally {
      member$.ws.close();
      key$.ws.close();
    }
  });
});
