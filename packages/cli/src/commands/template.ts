import { writeFile } from 'node:fs/promises';
import { PROSPECTIVE_TEMPLATE_FILENAME, prospectiveTemplateCsv, toCsv } from '@cadence/core';
import { CAMPAIGN_IMPORT, EVENT_IMPORT } from '@cadence/core/schemas';
import type { CommandContext } from '../context';
import { usageError } from '../errors';

export const TEMPLATES: Record<string, { file: string; csv: () => string }> = {
  'prospective-publications': { file: PROSPECTIVE_TEMPLATE_FILENAME, csv: prospectiveTemplateCsv },
  campaigns: { file: 'campaigns_template.csv', csv: () => toCsv([[...CAMPAIGN_IMPORT.columns], ...CAMPAIGN_IMPORT.example]) },
  events: { file: 'events_template.csv', csv: () => toCsv([[...EVENT_IMPORT.columns], ...EVENT_IMPORT.example]) },
};

export async function printTemplate(ctx: CommandContext, name: string, opts: { out?: string }): Promise<void> {
  const template = TEMPLATES[name];
  if (!template) throw usageError(`Unknown template "${name}". One of: ${Object.keys(TEMPLATES).join(', ')}`);
  if (opts.out) {
    await writeFile(opts.out, template.csv());
    ctx.out.success(`Wrote ${opts.out}`);
  } else {
    process.stdout.write(template.csv());
  }
}
