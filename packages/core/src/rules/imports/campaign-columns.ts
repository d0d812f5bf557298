/**
 * The columns of a campaigns file, as `cadence import campaigns`, `cadence export campaigns`, the
 * template and the app's Import dialog name them, with the template's example rows. Kept apart from
 * the import's spec (tables.ts), which checks rows with zod: the browser takes the names only (ADR 46).
 */
export const CAMPAIGN_IMPORT_COLUMNS = [
  'title', 'description', 'status', 'priority', 'scope', 'primary_channel', 'channels', 'planning_start_date', 'live_date',
  'end_date', 'owner', 'summary', 'goals', 'audiences', 'project_leader', 'project_team_members', 'kpis', 'deliverables',
  'landing_page_urls',
] as const;

export const CAMPAIGN_IMPORT_EXAMPLE: ReadonlyArray<readonly string[]> = [
  ['Spring newsletter', 'Quarterly product news', 'planning', 'medium', 'global', '', 'email, social', '2026-03-01', '2026-03-15', '2026-04-15', 'Dana Kim', 'Announce the spring release', '500 sign-ups', 'Owners, Engineers', 'Dana Kim', 'Luis, Aisha', 'Open rate, Sign-ups', 'Newsletter, Landing page', 'https://example.com/spring'],
  ['SEO sprint', '', 'in-progress', 'high', 'channel', 'seo', '', '2026-03-10', '2026-03-20', '', '', '', '', '', '', '', '', '', ''],
];
