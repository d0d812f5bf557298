import { AD_MANAGER_TABS, CHANNEL_VALUES, GANTT_RANGES, abilities, principalFrom, toWirePrincipal, type AuthUserResponse } from '@cadence/core';

/** The custom elements of the standalone bundle and the widget each one renders. */
export const ELEMENT_WIDGETS = {
  'cadence-calendar': 'Calendar',
  'cadence-gantt': 'Gantt',
  'cadence-channel-board': 'ChannelBoard',
  'cadence-ideas': 'IdeasBoard',
  'cadence-ad-manager': 'AdManager',
  'cadence-events': 'EventsBoard',
  'cadence-permissions': 'PermissionsPanel',
  'cadence-my-work': 'MyWork',
} as const;

export type ElementTag = keyof typeof ELEMENT_WIDGETS;
export type WidgetName = (typeof ELEMENT_WIDGETS)[ElementTag];
export const ELEMENT_TAGS = Object.keys(ELEMENT_WIDGETS) as ElementTag[];

/** Every attribute an element reacts to (a change re-renders the widget). */
export const OBSERVED_ATTRIBUTES = ['api-url', 'access-key', 'channel', 'view', 'mode', 'range', 'date', 'tab', 'read-only', 'editable'] as const;

/** What an element's attributes mean: the provider's settings and the widget's props. */
export interface ElementConfig {
  tag: ElementTag;
  widget: WidgetName;
  apiUrl: string | null;
  accessKey: string | null;
  /** `read-only` present (and not "false"): editing actions are hidden whatever the credentials allow. */
  readOnly: boolean;
  /** Props for the widget; only attributes that apply to it, validated. */
  props: Record<string, string | boolean>;
  /** Dev-time misuse, one message per problem ("[Cadence] <cadence-calendar>: …"). */
  errors: string[];
}

type Attrs = Readonly<Record<string, string | null | undefined>>;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const VIEWS = ['planning', 'live'] as const;
const CALENDAR_MODES = ['month', 'week'] as const;
const EVENT_TABS = ['timeline', 'calendar', 'list'] as const;

/** Which attribute maps to which prop, and its allowed values (null: any YYYY-MM-DD / channel). */
const SPEC: Record<WidgetName, Record<string, { prop: string; values: readonly string[] | 'ymd' | 'boolean' }>> = {
  Calendar: {
    // `editable="false"`: campaigns cannot be dragged or moved by keyboard here (a read-only key never can).
    editable: { prop: 'editable', values: 'boolean' },
    channel: { prop: 'channel', values: CHANNEL_VALUES },
    view: { prop: 'view', values: VIEWS },
    mode: { prop: 'mode', values: CALENDAR_MODES },
    date: { prop: 'date', values: 'ymd' },
  },
  Gantt: {
    editable: { prop: 'editable', values: 'boolean' },
    channel: { prop: 'channel', values: CHANNEL_VALUES },
    view: { prop: 'view', values: VIEWS },
    // `mode` and `range` both pick the Gantt's span; `range` wins when both are set.
    mode: { prop: 'range', values: GANTT_RANGES },
    range: { prop: 'range', values: GANTT_RANGES },
    date: { prop: 'date', values: 'ymd' },
  },
  ChannelBoard: {},
  IdeasBoard: {},
  AdManager: { tab: { prop: 'tab', values: AD_MANAGER_TABS }, date: { prop: 'date', values: 'ymd' } },
  EventsBoard: { view: { prop: 'view', values: VIEWS }, tab: { prop: 'tab', values: EVENT_TABS } },
  PermissionsPanel: {},
  MyWork: {},
};

const flag = (v: string | null | undefined) => v !== null && v !== undefined && v.trim().toLowerCase() !== 'false';

/** Maps an element's attributes to the provider settings and widget props, collecting misuse. */
export function configFromAttributes(tag: ElementTag, attrs: Attrs): ElementConfig {
  const widget = ELEMENT_WIDGETS[tag];
  const errors: string[] = [];
  const apiUrl = attrs['api-url']?.trim() || null;
  if (!apiUrl) {
    errors.push(`[Cadence] <${tag}>: set the api-url attribute to your Cadence server, e.g. <${tag} api-url="https://cadence.example.com">.`);
  } else if (!/^https?:\/\//i.test(apiUrl)) {
    errors.push(`[Cadence] <${tag}>: api-url must be an absolute http(s) URL, got "${apiUrl}".`);
  }
  const props: Record<string, string | boolean> = {};
  // `range` last, so it wins over `mode` on the Gantt.
  const order = Object.keys(SPEC[widget]).sort((a, b) => (a === 'range' ? 1 : 0) - (b === 'range' ? 1 : 0));
  for (const attr of order) {
    const spec = SPEC[widget][attr]!;
    if (spec.values === 'boolean') {
      // A flag: present (or "true") is on, "false" is off, absent keeps the widget's default.
      const value = attrs[attr];
      if (value === null || value === undefined) continue;
      const v = value.trim().toLowerCase();
      if (v === '' || v === 'true' || v === 'false') props[spec.prop] = v !== 'false';
      else errors.push(`[Cadence] <${tag}>: ${attr}="${value.trim()}" is not valid; use "true" or "false".`);
      continue;
    }
    const raw = attrs[attr]?.trim();
    if (!raw) continue;
    const ok = spec.values === 'ymd' ? YMD.test(raw) : spec.values.includes(raw);
    if (ok) props[spec.prop] = raw;
    else {
      const expected = spec.values === 'ymd' ? 'a date as YYYY-MM-DD' : spec.values.map((v) => `"${v}"`).join(', ');
      errors.push(`[Cadence] <${tag}>: ${attr}="${raw}" is not valid; use ${expected}.`);
    }
  }
  return { tag, widget, apiUrl, accessKey: attrs['access-key']?.trim() || null, readOnly: flag(attrs['read-only']), props, errors };
}

/** `GET /api/auth/user` as seen through a `read-only` element: the caller as a read-only key, so `can()` allows no write. */
export function readOnlyUser(res: AuthUserResponse): AuthUserResponse {
  const principal = { ...principalFrom(res), readOnly: true };
  return {
    ...res,
    principal: toWirePrincipal(principal),
    abilities: abilities(principal) as unknown as Record<string, unknown>,
  };
}
