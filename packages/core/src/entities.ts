// Every entity Cadence keeps, with the names it goes by in the browser as well as on the server
// (docs/architecture.md#entities). The server's registry (server/src/data/registry.ts) adds the
// table and the row type under the same names; the realtime topics, the history resources and
// their read rules are derived from here.
// A leaf: it imports nothing, so policy.ts and the rules can all read it without a cycle.

/** The facts about one entity that the browser needs too. */
export interface EntityFacts {
  /** What core's `can()` calls its rows (a `PolicyResource`). */
  readonly policy: string;
  /** The history resource its writes are logged as, the API's path segment; null: not logged. */
  readonly history: string | null;
  /**
   * Who reads its history: `row`, whoever may read the row (the default); `administrators`, an
   * administrators' record whatever the row's own rule (who was granted what).
   */
  readonly historyReadBy?: 'row' | 'administrators';
}

/**
 * Each entity under its name, which is also the realtime topic its changes go out on. The order is
 * the history resources' order (the Activity page's filter, the API's error messages).
 */
export const ENTITIES = {
  campaigns: { policy: 'campaign', history: 'campaigns' },
  // A campaign's tasks (docs/adr/0049): read with the campaign, written by its editors (and the status by the assignee).
  tasks: { policy: 'task', history: 'tasks' },
  // A campaign's comment thread (docs/adr/0059): read with the campaign, written by people who read it.
  campaign_comments: { policy: 'campaign_comment', history: 'campaign-comments' },
  ideas: { policy: 'idea', history: 'ideas' },
  comments: { policy: 'comment', history: 'comments' },
  publications: { policy: 'industry', history: 'publications' },
  ad_types: { policy: 'industry', history: 'ad-types' },
  ads: { policy: 'industry', history: 'ads' },
  prospective_publications: { policy: 'industry', history: 'prospective-publications' },
  articles: { policy: 'industry', history: 'articles' },
  events: { policy: 'event', history: 'events' },
  permissions: { policy: 'user', history: 'permissions', historyReadBy: 'administrators' },
  // Saved views are preferences, not plan data: they leave no history (docs/adr/0032).
  saved_views: { policy: 'view', history: null },
  // Campaign templates (docs/adr/0054): read by whoever may create campaigns, kept by administrators.
  templates: { policy: 'template', history: 'templates' },
  // The working calendar (docs/adr/0052): read by everyone, keys included, kept by administrators;
  // its changes are marks beside the rows, so every open calendar and Gantt reshades at once.
  working_calendar: { policy: 'working_calendar', history: 'working-calendar', historyReadBy: 'administrators' },
  // Planning rules (docs/adr/0062): read by everyone, keys included, kept by administrators; like
  // the working calendar, their changes are marks, so open plans re-judge their conflicts at once.
  planning_rules: { policy: 'planning_rule', history: 'planning-rules', historyReadBy: 'administrators' },
  // Inbox items (docs/adr/0060): each its recipient's alone, like a preference: no history.
  notifications: { policy: 'notification', history: null },
} as const satisfies Record<string, EntityFacts>;

export type EntityName = keyof typeof ENTITIES;
/** An entity's realtime topic is its name. */
export type EntityTopic = EntityName;
export type EntityPolicy<N extends EntityName = EntityName> = (typeof ENTITIES)[N]['policy'];

export const ENTITY_NAMES = Object.keys(ENTITIES) as [EntityName, ...EntityName[]];

type Logged = { [N in EntityName]: (typeof ENTITIES)[N]['history'] }[EntityName];
/** The history resources of entities. */
export type EntityHistory = Exclude<Logged, null>;

/**
 * History resources that are no entity's: administrators' records of roles, access keys and the
 * channels' approval rules (docs/adr/0056).
 */
export const ADMIN_RECORDS = ['roles', 'access-keys', 'approval-rules'] as const;

/** What a history entry is about: the API's path segment for the row's kind. */
export type HistoryResource = EntityHistory | (typeof ADMIN_RECORDS)[number];

const logged: HistoryResource[] = ENTITY_NAMES.flatMap((n): EntityHistory[] => {
  const history: EntityHistory | null = ENTITIES[n].history;
  return history ? [history] : [];
});

/** Every history resource: the logged entities' in the table's order, then the administrators' records (a tuple for `z.enum`). */
export const HISTORY_RESOURCES = [...logged, ...ADMIN_RECORDS] as HistoryResource[] as [HistoryResource, ...HistoryResource[]];

type HistoryPolicy = Exclude<EntityPolicy, 'history'> | null;

/** Whose rows each history resource is: the policy resource whose read rule guards its entries; null = administrators only. */
export const HISTORY_POLICY = Object.fromEntries(
  HISTORY_RESOURCES.map((resource) => {
    const entity = ENTITY_NAMES.find((n) => ENTITIES[n].history === resource);
    const facts: EntityFacts | undefined = entity && ENTITIES[entity];
    return [resource, facts && facts.historyReadBy !== 'administrators' ? facts.policy : null];
  }),
) as Record<HistoryResource, HistoryPolicy>;

/** The entity whose writes a history resource logs (null: an administrators' record of no entity). */
export function entityOfHistory(resource: HistoryResource): EntityName | null {
  return ENTITY_NAMES.find((n) => ENTITIES[n].history === resource) ?? null;
}
