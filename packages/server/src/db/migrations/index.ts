import type { Knex } from 'knex';
import * as initial from './20261122000000_initial';
import * as changeLogState from './20261122010000_change_log_state';
import * as rateLimits from './20261122020000_rate_limits';
import * as principalNotify from './20261122030000_principal_notify';
import * as changeSequencer from './20261122040000_change_sequencer';
import * as prospectiveCreatorCheck from './20261122050000_prospective_creator_check';
import * as campaignWindowAndPage from './20261124000000_campaign_window_and_page';
import * as singleSignOn from './20261124120000_single_sign_on';
import * as storageBlobs from './20261125000000_storage_blobs';
import * as feedOnDataRows from './20261125010000_feed_on_data_rows';
import * as historyEntries from './20261126000000_history_entries';
import * as countedBefore from './20261126120000_counted_before';
import * as savedViews from './20261127000000_saved_views';
import * as savedViewTrash from './20261128000000_saved_view_trash';
import * as historyEntryAccess from './20261129000000_history_entry_access';
import * as historyAccessByKey from './20261130000000_history_access_by_key';
import * as campaignTasks from './20261201000000_campaign_tasks';
import * as taskSummaryAssignees from './20261202000000_task_summary_assignees';
import * as campaignOwnerId from './20261203000000_campaign_owner_id';
import * as workingCalendar from './20261204000000_working_calendar';
import * as campaignTemplates from './20261205000000_campaign_templates';
import * as approvals from './20261206000000_approvals';
import * as campaignApprovalSummary from './20261207000000_campaign_approval_summary';
import * as campaignComments from './20261208000000_campaign_comments';
import * as webhooks from './20261208100000_webhooks';
import * as notifications from './20261208200000_notifications';
import * as shareLinks from './20261208300000_share_links';
import * as notificationFanouts from './20261209000000_notification_fanouts';
import * as planningRules from './20261209100000_planning_rules';
import * as baselines from './20261210063000_baselines';
import * as baselineDrift from './20261211090000_baseline_drift';

interface Migration {
  name: string;
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

// Listed in code rather than read from a folder so the bundled server carries them.
// One timestamped file per change; a landed migration is never edited.
const migrations: Migration[] = [
  { name: '20261122000000_initial', ...initial },
  { name: '20261122010000_change_log_state', ...changeLogState },
  { name: '20261122020000_rate_limits', ...rateLimits },
  { name: '20261122030000_principal_notify', ...principalNotify },
  { name: '20261122040000_change_sequencer', ...changeSequencer },
  { name: '20261122050000_prospective_creator_check', ...prospectiveCreatorCheck },
  { name: '20261124000000_campaign_window_and_page', ...campaignWindowAndPage },
  { name: '20261124120000_single_sign_on', ...singleSignOn },
  { name: '20261125000000_storage_blobs', ...storageBlobs },
  { name: '20261125010000_feed_on_data_rows', ...feedOnDataRows },
  { name: '20261126000000_history_entries', ...historyEntries },
  { name: '20261126120000_counted_before', ...countedBefore },
  { name: '20261127000000_saved_views', ...savedViews },
  { name: '20261128000000_saved_view_trash', ...savedViewTrash },
  { name: '20261129000000_history_entry_access', ...historyEntryAccess },
  { name: '20261130000000_history_access_by_key', ...historyAccessByKey },
  { name: '20261201000000_campaign_tasks', ...campaignTasks },
  { name: '20261202000000_task_summary_assignees', ...taskSummaryAssignees },
  { name: '20261203000000_campaign_owner_id', ...campaignOwnerId },
  { name: '20261204000000_working_calendar', ...workingCalendar },
  { name: '20261205000000_campaign_templates', ...campaignTemplates },
  { name: '20261206000000_approvals', ...approvals },
  { name: '20261207000000_campaign_approval_summary', ...campaignApprovalSummary },
  { name: '20261208000000_campaign_comments', ...campaignComments },
  { name: '20261208100000_webhooks', ...webhooks },
  { name: '20261208200000_notifications', ...notifications },
  { name: '20261208300000_share_links', ...shareLinks },
  { name: '20261209000000_notification_fanouts', ...notificationFanouts },
  { name: '20261209100000_planning_rules', ...planningRules },
  { name: '20261210063000_baselines', ...baselines },
  { name: '20261211090000_baseline_drift', ...baselineDrift },
];

/** The migrations this build knows, in order: readiness checks the database has them all. */
export const migrationNames: readonly string[] = migrations.map((m) => m.name);

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

/** Applies the next pending migration only (a restore brings a database to its backup's level). */
export async function migrateUpOne(db: Knex): Promise<void> {
  await db.migrate.up({ migrationSource });
}
