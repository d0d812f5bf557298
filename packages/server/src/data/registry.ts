import { ENTITIES, ENTITY_NAMES, type EntityName, type EntityPolicy, type HistoryResource } from '@cadence/core';
import type { AnyResource, Resource } from './resource';
import { campaignComments } from './resources/campaign-comments';
import { campaigns } from './resources/campaigns';
import { events } from './resources/events';
import { comments, ideas } from './resources/ideas';
import { adTypes, ads, articles, prospective, publications } from './resources/industry';
import { savedViews } from './resources/saved-views';
import { tasks } from './resources/tasks';
import { templates } from './resources/templates';
import { notifications } from './resources/notifications';

/**
 * An entity whose rows are a feed table (docs/adr/0023): the table carries `change_xid` and has
 * the feed's triggers, and its resource reads and presents the rows.
 */
interface FeedEntity<N extends EntityName> {
  // The row types are the resource's own; here only its entity and policy must agree with core's table.
  resource: Resource<any, unknown, EntityPolicy<N>> & { entity: N };
}

/** An entity whose changes are marks in `change_marks`, written by its routes beside the row (permissions: rare admin writes). */
interface MarkedEntity {
  table: string;
}

/**
 * Every entity of core's table (docs/architecture.md#entities) with what the server keeps of it:
 * its table and, for a feed table, the resource that reads, presents and guards its rows. A
 * missing entity is a type error; the feed's tables, the realtime read check and the history's
 * resources are derived from here (data/registry.test.ts holds the database's triggers to it).
 */
export const REGISTRY: { readonly [N in EntityName]: FeedEntity<N> | MarkedEntity } = {
  campaigns: { resource: campaigns },
  tasks: { resource: tasks },
  campaign_comments: { resource: campaignComments },
  ideas: { resource: ideas },
  comments: { resource: comments },
  publications: { resource: publications },
  ad_types: { resource: adTypes },
  ads: { resource: ads },
  prospective_publications: { resource: prospective },
  articles: { resource: articles },
  events: { resource: events },
  permissions: { table: 'user_permissions' },
  saved_views: { resource: savedViews },
  templates: { resource: templates },
  working_calendar: { table: 'closed_days' },
  planning_rules: { table: 'planning_rules' },
  notifications: { resource: notifications },
};

const resourceOf = (name: EntityName): AnyResource | null => {
  const entry: FeedEntity<EntityName> | MarkedEntity = REGISTRY[name];
  return 'resource' in entry ? entry.resource : null;
};

/** The data resource of each entity that has one, under the entity's name (its realtime topic). */
export const RESOURCES: ReadonlyMap<EntityName, AnyResource> = new Map(
  ENTITY_NAMES.flatMap((name) => {
    const r = resourceOf(name);
    return r ? [[name, r] as const] : [];
  }),
);

/** The tables the realtime feed reads rows from, each with its entity. */
export const FEED_TABLES: ReadonlyArray<{ table: string; entity: EntityName }> = [...RESOURCES].map(([entity, r]) => ({ table: r.table, entity }));

/** The history resource an entity's writes are logged as (docs/adr/0028). */
export function historyOf(entity: EntityName): HistoryResource {
  const history: HistoryResource | null = ENTITIES[entity].history;
  if (!history) throw new Error(`${entity} keeps no history`);
  return history;
}

/**
 * The data resource behind each history resource whose rows the API reads and reverts: every
 * logged entity with a resource, whose entries are judged by the row (administrators' records have none).
 */
export const HISTORY_DATA: ReadonlyMap<HistoryResource, AnyResource> = new Map(
  [...RESOURCES].flatMap(([entity, r]) => {
    const facts: { history: HistoryResource | null; historyReadBy?: string } = ENTITIES[entity];
    return facts.history && facts.historyReadBy !== 'administrators' ? [[facts.history, r] as const] : [];
  }),
);
