import type { Knex } from 'knex';
import * as initial from './20261122000000_initial';
import * as changeLogState from './20261122010000_change_log_state';
import * as rateLimits from './20261122020000_rate_limits';
import * as principalNotify from './20261122030000_principal_notify';
import * as changeSequencer from './20261122040000_change_sequencer';
import * as prospectiveCreatorCheck from './20261122050000_prospective_creator_check';
import * as campaignWindowAndPage from './20261124000000_campaign_window_and_page';

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
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}
