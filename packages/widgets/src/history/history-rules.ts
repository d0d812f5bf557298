import { formatCount, formatYmd, isYmd, relativeTime, type HistoryEntry, type HistoryResource } from '@cadence/core';

// How an activity-log entry reads in the History tab and on the Activity page (docs/adr/0028):
// one sentence per entry, with the field labels the dialogs use and dates as the rest of the UI
// shows them.

/** The labels the dialogs give their fields; other fields fall back to their name in words. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  owner: 'Owner',
  planning_start_date: 'Planning Start Date',
  live_date: 'Live Date',
  end_date: 'End Date',
  due_date: 'Due Date',
  start_date: 'Start Date',
  primary_channel: 'Primary Channel',
  channels: 'Channels',
  scope: 'Scope',
  channel_config: 'Channel Configuration',
  summary: 'Campaign Summary',
  goals: 'Goals & Objectives',
  audiences: 'Target Audiences',
  project_leader: 'Project Leader',
  project_team_members: 'Team Members',
  kpis: 'Key Performance Indicators',
  deliverables: 'Key Deliverables',
  landing_page_urls: 'Landing Page URLs',
  publication_id: 'Publication',
  ad_type_id: 'Ad Type',
  copy_needs: 'Copy Needs',
  image_needs: 'Image Needs',
  name: 'Name',
  text: 'Text',
};

/** Where a kind of record's dialog words a field its own way. */
const RESOURCE_LABELS: Partial<Record<HistoryResource, Record<string, string>>> = {
  campaigns: { title: 'Campaign Title', owner: 'Campaign Owner' },
};

/** Title-case label for a stored field, e.g. `live_date` → "Live Date". */
export function fieldLabel(field: string, resource?: HistoryResource): string {
  return (resource && RESOURCE_LABELS[resource]?.[field]) ?? FIELD_LABELS[field] ?? field.split('_').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

const MAX_VALUE = 40;

/** A stored value as a short phrase: dates as "Mar 04, 2026", nothing as "(empty)", long text cut. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '(empty)';
  if (typeof value === 'string' && isYmd(value)) return formatYmd(value, 'MMM dd, yyyy');
  const text = Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Who made the change: the e-mail, the key's name, or "Someone" when the account is gone. */
export function actorName(entry: Pick<HistoryEntry, 'actor' | 'key'>): string {
  const email = entry.actor?.email;
  if (entry.key) return `${email ?? 'Someone'} (key ${entry.key.name ?? entry.key.id})`;
  return email ?? 'Someone';
}

const NOUNS: Record<HistoryResource, string> = {
  campaigns: 'campaign', tasks: 'task', 'campaign-comments': 'campaign comment', ideas: 'idea', comments: 'comment', publications: 'publication', 'ad-types': 'ad type', ads: 'ad',
  'prospective-publications': 'prospective publication', articles: 'article', events: 'event', permissions: 'permission',
  templates: 'template', roles: 'role', 'access-keys': 'access key', 'working-calendar': 'closed day', 'approval-rules': 'approval rule', 'planning-rules': 'planning rule',
};

/** The kind of record, for the Activity page's filter: "Ad types". */
export const resourceLabel = (r: HistoryResource): string => {
  const noun = NOUNS[r] ?? r;
  return `${noun[0]!.toUpperCase()}${noun.slice(1)}s`;
};

/** "Live Date Mar 04, 2026 → Mar 11, 2026" for each changed field, in the entry's order. */
export function changePhrases(entry: Pick<HistoryEntry, 'changes' | 'resource'>): string[] {
  return Object.entries(entry.changes ?? {}).map(([field, c]) => `${fieldLabel(field, entry.resource)} ${formatValue(c.before)} → ${formatValue(c.after)}`);
}

/** What the entry did, without who or when: "changed Live Date Mar 04, 2026 → Mar 11, 2026". */
export function describeAction(entry: Pick<HistoryEntry, 'action' | 'resource' | 'changes' | 'reverts' | 'row' | 'withheld'>, withNoun = false): string {
  const noun = NOUNS[entry.resource] ?? entry.resource;
  const self = withNoun ? `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}` : `this ${noun}`;
  // Written while the campaign sat in a channel the reader cannot read: the server sent no values.
  if (entry.withheld) {
    const fields = Object.keys(entry.changes ?? {}).map((f) => fieldLabel(f, entry.resource));
    const what = entry.action === 'delete' ? `deleted ${self}` : fields.length ? `changed ${fields.join(', ')}` : `changed ${self}`;
    return `${what} in a channel you cannot see`;
  }
  const title = withNoun && entry.row && typeof (entry.row.title ?? entry.row.name) === 'string' ? ` “${formatValue(entry.row.title ?? entry.row.name)}”` : '';
  const verb = entry.reverts ? 'reverted' : 'changed';
  switch (entry.action) {
    case 'create': return `created ${self}${title}`;
    case 'delete': return `deleted ${self}${title}`;
    case 'promote': return `promoted ${self} to a global campaign`;
    case 'import': {
      const n = typeof entry.row?.imported === 'number' ? entry.row.imported : null;
      // In a row's own History tab the file's entry is where that row came from.
      if (!withNoun) return n === null || n === 1 ? `imported ${self} from a file` : `imported ${self} from a file of ${formatCount(n)} ${noun}s`;
      return n === null ? `imported ${noun}s` : `imported ${formatCount(n)} ${n === 1 ? noun : `${noun}s`}`;
    }
    case 'grant': return 'granted a permission';
    case 'revoke': return 'revoked a permission';
    case 'role': return 'changed a role';
    default: {
      const phrases = changePhrases(entry);
      return phrases.length ? `${verb} ${phrases.join('; ')}` : `${verb} ${self}`;
    }
  }
}

/** The whole sentence: "ann@example.com changed Live Date Mar 04, 2026 → Mar 11, 2026, about 2 hours ago". */
export function historySentence(entry: HistoryEntry, now: Date, withNoun = false): string {
  return `${actorName(entry)} ${describeAction(entry, withNoun)}, ${relativeTime(entry.at, now)}`;
}

/** Entries a Revert button makes sense for: changes, creates and deletes of the product's own rows. */
export function isRevertible(entry: Pick<HistoryEntry, 'action' | 'resource' | 'changes' | 'row_id' | 'withheld'>): boolean {
  if (entry.withheld || !entry.row_id || ['permissions', 'roles', 'access-keys', 'working-calendar', 'approval-rules'].includes(entry.resource)) return false;
  if (entry.action === 'update') return Object.keys(entry.changes ?? {}).length > 0;
  return entry.action === 'create' || entry.action === 'delete';
}

/** Accessible description of a Revert button: what it would put back. */
export function revertDescription(entry: HistoryEntry): string {
  if (entry.action === 'create') return `Deletes the ${NOUNS[entry.resource]} this entry created`;
  if (entry.action === 'delete') return `Recreates the ${NOUNS[entry.resource]} this entry deleted`;
  return `Puts back ${Object.entries(entry.changes ?? {}).map(([f, c]) => `${fieldLabel(f, entry.resource)} ${formatValue(c.before)}`).join(', ')}`;
}
