import { CHANNEL_VALUES, CsvSyntaxError, PERMISSION_TYPES, parseCsvRecords, type Channel, type CsvRecord, type PermissionType } from '@cadence/core';

export interface PermissionSpec {
  permission_type: PermissionType;
  channel: Channel | null;
}

export interface DesiredUser {
  email: string;
  permissions: PermissionSpec[];
}

export interface UserPlan {
  email: string;
  grant: PermissionSpec[];
  revoke: PermissionSpec[];
}

export interface PlanInput {
  users: DesiredUser[];
  errors: string[];
}

export const specKey = (p: PermissionSpec) => (p.channel ? `${p.permission_type}:${p.channel}` : p.permission_type);

/** `global_view`, `channel_view:email` — the short form used in files and output. */
export function parseSpec(text: string, where: string, errors: string[]): PermissionSpec | null {
  const [type, channel, extra] = text.trim().split(':').map((s) => s.trim());
  if (!type || extra !== undefined) {
    errors.push(`${where}: "${text}" is not a permission (e.g. global_view or channel_view:email)`);
    return null;
  }
  if (!(PERMISSION_TYPES as readonly string[]).includes(type)) {
    errors.push(`${where}: unknown permission "${type}" (one of ${PERMISSION_TYPES.join(', ')})`);
    return null;
  }
  const needsChannel = type.startsWith('channel_');
  if (needsChannel && !channel) {
    errors.push(`${where}: ${type} needs a channel, e.g. ${type}:email`);
    return null;
  }
  if (!needsChannel && channel) {
    errors.push(`${where}: ${type} takes no channel`);
    return null;
  }
  if (channel && !(CHANNEL_VALUES as readonly string[]).includes(channel)) {
    errors.push(`${where}: unknown channel "${channel}" (one of ${CHANNEL_VALUES.join(', ')})`);
    return null;
  }
  return { permission_type: type as PermissionType, channel: (channel as Channel | undefined) ?? null };
}

function addUser(users: Map<string, DesiredUser>, email: string): DesiredUser {
  const key = email.trim().toLowerCase();
  let user = users.get(key);
  if (!user) users.set(key, (user = { email: key, permissions: [] }));
  return user;
}

/**
 * A permissions file: JSON `{"users":[{"email","permissions":["global_view","channel_view:email"]}]}`
 * or CSV with the header `email,permission,channel` (one row per permission; a row with an
 * empty permission lists a user who should have none).
 */
export function parsePermissionsFile(text: string, kind: 'json' | 'csv'): PlanInput {
  const errors: string[] = [];
  const users = new Map<string, DesiredUser>();
  if (kind === 'json') {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      return { users: [], errors: [`The file is not valid JSON: ${(err as Error).message}`] };
    }
    const list = (doc as { users?: unknown }).users;
    if (!Array.isArray(list)) return { users: [], errors: ['The JSON needs a "users" list'] };
    list.forEach((entry, i) => {
      const e = entry as { email?: unknown; permissions?: unknown };
      if (typeof e.email !== 'string' || !e.email.includes('@')) return void errors.push(`users[${i}]: needs an "email"`);
      if (!Array.isArray(e.permissions)) return void errors.push(`users[${i}] (${e.email}): needs a "permissions" list`);
      const user = addUser(users, e.email);
      for (const p of e.permissions) {
        const spec = parseSpec(String(p), `${e.email}`, errors);
        if (spec) user.permissions.push(spec);
      }
    });
  } else {
    let all: CsvRecord[];
    try {
      all = parseCsvRecords(text);
    } catch (err) {
      if (err instanceof CsvSyntaxError) return { users: [], errors: [`line ${err.line}: ${err.message}`] };
      throw err;
    }
    const records = all.filter((r) => r.fields.some((f) => f.trim() !== ''));
    const header = records[0]?.fields.map((h) => h.trim().toLowerCase());
    if (!header || header[0] !== 'email' || header[1] !== 'permission') {
      return { users: [], errors: ['The CSV needs the header: email,permission,channel'] };
    }
    for (const { line, fields } of records.slice(1)) {
      const email = (fields[0] ?? '').trim();
      if (!email.includes('@')) {
        errors.push(`line ${line}: "${email}" is not an e-mail address`);
        continue;
      }
      const user = addUser(users, email);
      const type = (fields[1] ?? '').trim();
      if (!type) continue;
      const channel = (fields[2] ?? '').trim();
      const spec = parseSpec(channel ? `${type}:${channel}` : type, `line ${line}`, errors);
      if (spec) user.permissions.push(spec);
    }
  }
  for (const user of users.values()) {
    const seen = new Set<string>();
    user.permissions = user.permissions.filter((p) => !seen.has(specKey(p)) && !!seen.add(specKey(p)));
  }
  return { users: [...users.values()], errors };
}

/** What to grant and revoke so each listed user has exactly the listed permissions. */
export function planUser(email: string, current: PermissionSpec[], desired: PermissionSpec[]): UserPlan {
  const have = new Set(current.map(specKey));
  const want = new Set(desired.map(specKey));
  return {
    email,
    grant: desired.filter((p) => !have.has(specKey(p))),
    revoke: current.filter((p) => !want.has(specKey(p))),
  };
}
