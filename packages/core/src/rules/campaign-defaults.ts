import type { Campaign } from '../schemas/campaign';
import { EMPTY_TASK_SUMMARY } from './tasks';

/** The fields of a campaign that may be left out when it is created. */
export type CampaignDefaults = Omit<Campaign, 'id' | 'version' | 'title' | 'planning_start_date' | 'live_date' | 'created_by' | 'created_at' | 'updated_at'>;

/**
 * What a campaign holds in each field left out on create (docs/product.md#constants): status
 * planning, priority medium, scope global, no channels, no texts, empty lists. The server's
 * `campaignCreateSchema` defaults say the same (a test holds them equal); the read-only campaigns
 * of ads and events and every fixture start from these. New arrays and objects on every call.
 */
export function campaignDefaults(): CampaignDefaults {
  return {
    description: null,
    channels: [],
    status: 'planning',
    end_date: null,
    owner: null,
    priority: 'medium',
    scope: 'global',
    primary_channel: null,
    channel_config: {},
    summary: null,
    goals: null,
    audiences: [],
    project_leader: null,
    project_team_members: [],
    kpis: [],
    deliverables: [],
    landing_page_urls: [],
    // Read-only: a new campaign has no tasks (docs/adr/0049).
    task_summary: { ...EMPTY_TASK_SUMMARY },
  };
}
