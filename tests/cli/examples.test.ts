import { readFileSync } from 'node:fs';
import { ImportReader, parseCsvRecords, parseProspectiveCsv, type ImportSpec } from '@cadence/core';
import { CAMPAIGN_IMPORT, EVENT_IMPORT } from '@cadence/core/schemas';
import { expect, it } from 'vitest';
import { parsePermissionsFile } from '../../packages/cli/src/permission-plan';

const example = (name: string) => readFileSync(new URL(`../../examples/cli-scripts/${name}`, import.meta.url), 'utf8');

/** How the server reads a file of this kind: rows that pass, and the problems. */
async function read(spec: ImportSpec, text: string) {
  let rows = 0;
  const reader = new ImportReader(spec, () => rows++);
  await reader.read([parseCsvRecords(text)]);
  return { rows, errors: reader.errors, error: reader.error };
}

it('should ship example files that the server reads without errors', async () => {
  expect(parsePermissionsFile(example('team-permissions.csv'), 'csv').errors).toEqual([]);
  expect(parsePermissionsFile(example('team-permissions.json'), 'json')).toEqual(parsePermissionsFile(example('team-permissions.csv'), 'csv'));
  expect(await read(CAMPAIGN_IMPORT, example('campaigns.csv'))).toEqual({ errors: [], error: null, rows: 3 });
  expect(await read(EVENT_IMPORT, example('events.csv'))).toEqual({ errors: [], error: null, rows: 2 });
  const pubs = parseProspectiveCsv(example('prospective-publications.csv'));
  expect(pubs.rows.map((r) => r.website)).toEqual(['www.power-eng.example/advertise', 'tunnels.example']);
  expect(pubs.skipped).toEqual([{ line: 4, reason: 'Name is empty' }]);
});
