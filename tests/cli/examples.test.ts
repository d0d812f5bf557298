import { readFileSync } from 'node:fs';
import { parseCsvRecords, parseProspectiveCsv } from '@cadence/core';
import { expect, it } from 'vitest';
import { CAMPAIGN_TABLE, EVENT_TABLE, parseTable } from '../../packages/cli/src/files/columns';
import { parsePermissionsFile } from '../../packages/cli/src/permission-plan';

const example = (name: string) => readFileSync(new URL(`../../examples/cli-scripts/${name}`, import.meta.url), 'utf8');

it('should ship example files that the CLI reads without errors', () => {
  expect(parsePermissionsFile(example('team-permissions.csv'), 'csv').errors).toEqual([]);
  expect(parsePermissionsFile(example('team-permissions.json'), 'json')).toEqual(parsePermissionsFile(example('team-permissions.csv'), 'csv'));
  expect(parseTable(CAMPAIGN_TABLE, parseCsvRecords(example('campaigns.csv')))).toMatchObject({ errors: [], rows: { length: 3 } });
  expect(parseTable(EVENT_TABLE, parseCsvRecords(example('events.csv')))).toMatchObject({ errors: [], rows: { length: 2 } });
  const pubs = parseProspectiveCsv(example('prospective-publications.csv'));
  expect(pubs.rows.map((r) => r.website)).toEqual(['www.power-eng.example/advertise', 'tunnels.example']);
  expect(pubs.skipped).toEqual([{ line: 4, reason: 'Name is empty' }]);
});
