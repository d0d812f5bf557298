import { readFile, writeFile } from 'node:fs/promises';
import { CadenceApiError, CsvSyntaxError, parseCsv, ymdProblem, type CadenceAdminClient, type CampaignTemplate, type TemplateCampaign, type TemplateCreate } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// Campaign templates from the command line (docs/adr/0054): list, export and import them as JSON,
// and apply one to many campaigns at once, all or nothing. Not to be confused with `cadence template`,
// which prints the CSV import files' column templates.

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A template by id, or by name ignoring case. */
async function findTemplate(api: CadenceAdminClient, which: string): Promise<CampaignTemplate> {
  if (ID.test(which)) return api.templates.get(which.toLowerCase());
  const all = await api.templates.list();
  const found = all.find((t) => t.name.toLowerCase() === which.trim().toLowerCase());
  if (!found) throw new CliError(`No template named "${which}"${all.length ? `. Templates: ${all.map((t) => t.name).join(', ')}` : ''}`);
  return found;
}

export async function listTemplates(ctx: CommandContext): Promise<void> {
  const templates = await client(ctx).templates.list();
  ctx.out.result(templates, () =>
    templates.length
      ? table([
          ['NAME', 'TASKS', 'ROLES', 'PLANNING', 'ID'],
          ...templates.map((t) => [t.name, String(t.tasks.length), t.roles.join(', ') || '-', `${t.planning_offset} working days before go-live`, t.id]),
        ])
      : ['No templates'],
  );
}

/** What `import` reads back: the template as `POST /api/templates` takes it, without its id, dates and version. */
export const exportable = (t: CampaignTemplate): TemplateCreate => ({
  name: t.name,
  description: t.description,
  defaults: t.defaults,
  planning_offset: t.planning_offset,
  roles: t.roles,
  tasks: t.tasks,
});

export async function exportTemplate(ctx: CommandContext, which: string, opts: { out?: string }): Promise<void> {
  const template = await findTemplate(client(ctx), which);
  const json = `${JSON.stringify(exportable(template), null, 2)}\n`;
  if (opts.out) {
    await writeFile(opts.out, json);
    ctx.out.success(`Wrote "${template.name}" to ${opts.out}`);
  } else {
    process.stdout.write(json);
  }
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw usageError(`Cannot read ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw usageError(`${file} is not JSON: ${(e as Error).message}`);
  }
}

/** Adds the template a file holds (administrators); the server refuses it whole, naming the field (an unknown role: tasks.3.role). */
export async function importTemplate(ctx: CommandContext, file: string): Promise<void> {
  const body = await readJson(file);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw usageError(`${file} must hold one template (a JSON object), as 'cadence templates export' writes`);
  const created = await client(ctx).templates.create(body as TemplateCreate);
  ctx.out.result(created, () => [created.id]);
  ctx.out.success(`Imported "${created.name}": ${created.tasks.length} tasks, roles ${created.roles.join(', ') || 'none'}`);
}

/** One campaign of the apply file, with where it came from for messages. */
interface Row {
  where: string;
  title: string;
  live_date: string;
  owner?: string;
  roles: Record<string, string>;
}

/** CSV: title, live_date, owner (optional), and a column `role:<Role>` per role holding an e-mail or a user id. */
function rowsFromCsv(text: string): Row[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (e) {
    throw usageError(e instanceof CsvSyntaxError ? e.message : String(e));
  }
  const [header, ...body] = records.filter((r) => r.some((f) => f.trim() !== ''));
  if (!header) throw usageError('The file is empty');
  const cols = header.map((h) => h.trim());
  for (const required of ['title', 'live_date']) if (!cols.includes(required)) throw usageError(`The CSV needs a "${required}" column (columns: title, live_date, owner, role:<Role>…)`);
  return body.map((fields, i) => {
    const get = (name: string) => (fields[cols.indexOf(name)] ?? '').trim();
    const roles: Record<string, string> = {};
    cols.forEach((c, k) => {
      if (c.startsWith('role:') && (fields[k] ?? '').trim()) roles[c.slice(5).trim()] = fields[k]!.trim();
    });
    return { where: `line ${i + 2}`, title: get('title'), live_date: get('live_date'), ...(get('owner') ? { owner: get('owner') } : {}), roles };
  });
}

/** JSON: a list of {title, live_date, owner?, roles: {Role: e-mail or id}}, or {campaigns: [...]}. */
function rowsFromJson(value: unknown): Row[] {
  const list = Array.isArray(value) ? value : (value as { campaigns?: unknown })?.campaigns;
  if (!Array.isArray(list)) throw usageError('The JSON must be a list of campaigns, or {"campaigns": [...]}');
  return list.map((r: Record<string, unknown>, i) => ({
    where: `item ${i + 1}`,
    title: String(r?.title ?? ''),
    live_date: String(r?.live_date ?? ''),
    ...(typeof r?.owner === 'string' ? { owner: r.owner } : {}),
    roles: (r?.roles && typeof r.roles === 'object' ? r.roles : {}) as Record<string, string>,
  }));
}

/**
 * Many campaigns from one template, every task placed from each go-live: one request, one
 * transaction on the server, so one bad row creates nothing. People are given by e-mail
 * (resolved through the user directory, administrators) or by id.
 */
export async function applyTemplate(ctx: CommandContext, which: string, opts: { file: string }): Promise<void> {
  const api = client(ctx);
  const isJson = /\.json$/i.test(opts.file);
  let rows: Row[];
  if (isJson) rows = rowsFromJson(await readJson(opts.file));
  else {
    let text: string;
    try {
      text = await readFile(opts.file, 'utf8');
    } catch {
      throw usageError(`Cannot read ${opts.file}`);
    }
    rows = rowsFromCsv(text);
  }
  if (!rows.length) throw usageError(`${opts.file} holds no campaigns`);
  // Dates are checked here, before anything is asked of the server.
  for (const r of rows) {
    if (!r.title) throw usageError(`${r.where}: title: Campaign title is required`);
    const problem = ymdProblem(r.live_date);
    if (problem) throw usageError(`${r.where}: live_date: ${problem}`);
  }
  const template = await findTemplate(api, which);
  const emails = rows.flatMap((r) => [...Object.values(r.roles), ...(r.owner ? [r.owner] : [])]).filter((v) => !ID.test(v));
  let byEmail = new Map<string, string>();
  if (emails.length) {
    try {
      byEmail = new Map((await api.users.list()).map((u) => [u.email.toLowerCase(), u.id]));
    } catch (e) {
      if (e instanceof CadenceApiError && e.status === 403) throw new CliError('Only administrators may name people by e-mail: give user ids instead');
      throw e;
    }
  }
  const person = (r: Row, field: string, who: string) => {
    if (ID.test(who)) return who.toLowerCase();
    const id = byEmail.get(who.toLowerCase());
    if (!id) throw new CliError(`${r.where}: ${field}: no user has the e-mail "${who}"`);
    return id;
  };
  const campaigns: TemplateCampaign[] = rows.map((r) => ({
    title: r.title,
    live_date: r.live_date,
    roles: Object.fromEntries(Object.entries(r.roles).map(([role, who]) => [role, person(r, `role:${role}`, who)])),
    ...(r.owner ? { owner_id: person(r, 'owner', r.owner) } : {}),
  }));
  let result;
  try {
    result = await api.templates.apply(template.id, { campaigns });
  } catch (e) {
    // The server names campaigns.<n>.<field>: say which line of the file that is.
    if (e instanceof CadenceApiError && e.details.length) {
      const detail = e.details[0]!;
      const m = /^campaigns\.(\d+)\.(.+)$/.exec(detail.path);
      const row = m ? rows[Number(m[1])] : undefined;
      if (row && m) throw new CliError(`${row.where}: ${m[2]}: ${detail.message}. Nothing was created.`);
    }
    throw e;
  }
  ctx.out.result(result, () => result.campaigns.map((c) => `${c.id}  ${c.live_date}  ${c.title}`));
  ctx.out.success(`Created ${result.campaigns.length} campaign${result.campaigns.length === 1 ? '' : 's'} from "${template.name}" with ${result.tasks} tasks`);
}
