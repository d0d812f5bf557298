import { describe, expect, it } from 'vitest';
import { parsePermissionsFile, planUser } from './permission-plan';

describe('parsePermissionsFile', () => {
  it('should read the JSON form, lower-case e-mails and drop duplicates', () => {
    const r = parsePermissionsFile(
      JSON.stringify({ users: [{ email: 'Ann@X.com', permissions: ['global_view', 'channel_view:email', 'global_view'] }, { email: 'bob@x.com', permissions: [] }] }),
      'json',
    );
    expect(r.errors).toEqual([]);
    expect(r.users).toEqual([
      { email: 'ann@x.com', permissions: [{ permission_type: 'global_view', channel: null }, { permission_type: 'channel_view', channel: 'email' }] },
      { email: 'bob@x.com', permissions: [] },
    ]);
  });

  it('should read the CSV form with a row per permission and an empty row for none', () => {
    const r = parsePermissionsFile('email,permission,channel\nann@x.com,channel_create,seo\nann@x.com,global_view,\nbob@x.com,,\n', 'csv');
    expect(r.errors).toEqual([]);
    expect(r.users.map((u) => [u.email, u.permissions.length])).toEqual([
      ['ann@x.com', 2],
      ['bob@x.com', 0],
    ]);
  });

  it('should name every bad entry with its line', () => {
    const r = parsePermissionsFile('email,permission,channel\nann@x.com,channel_view,\nann@x.com,global_view,email\nann@x.com,channel_view,fax\nnot-an-email,global_view,\nann@x.com,superuser,\n', 'csv');
    expect(r.errors).toEqual([
      'line 2: channel_view needs a channel, e.g. channel_view:email',
      'line 3: global_view takes no channel',
      expect.stringContaining('line 4: unknown channel "fax"'),
      'line 5: "not-an-email" is not an e-mail address',
      expect.stringContaining('line 6: unknown permission "superuser"'),
    ]);
  });

  it('should refuse a file without the expected header or users list', () => {
    expect(parsePermissionsFile('name,perm\n', 'csv').errors).toHaveLength(1);
    expect(parsePermissionsFile('{"people":[]}', 'json').errors).toEqual(['The JSON needs a "users" list']);
    expect(parsePermissionsFile('{', 'json').errors[0]).toMatch(/not valid JSON/);
  });
});

describe('planUser', () => {
  it('should grant what is missing, revoke what is extra, and plan nothing when they match', () => {
    const current = [{ permission_type: 'global_view' as const, channel: null }, { permission_type: 'channel_view' as const, channel: 'pr' as const }];
    const desired = [{ permission_type: 'global_view' as const, channel: null }, { permission_type: 'channel_create' as const, channel: 'pr' as const }];
    expect(planUser('a@x.com', current, desired)).toEqual({
      email: 'a@x.com',
      grant: [{ permission_type: 'channel_create', channel: 'pr' }],
      revoke: [{ permission_type: 'channel_view', channel: 'pr' }],
    });
    expect(planUser('a@x.com', desired, desired)).toEqual({ email: 'a@x.com', grant: [], revoke: [] });
  });
});
