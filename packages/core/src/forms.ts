// @cadence/core/forms: the campaign form's checks without zod (rules/campaign-checks.ts), for the
// campaign dialog alone. Not in the main entry: a bundler that splits by file (esbuild) would put
// every module the main entry re-exports and any lazy chunk uses into the chunks a widget loads
// first, so a check only the dialog runs would weigh on every Calendar and Gantt (docs/adr/0067).
export { campaignFieldErrors, checkCampaignCreate, checkCampaignUpdate } from './rules/campaign-checks';
export type { CampaignIssue } from './rules/campaign-checks';
