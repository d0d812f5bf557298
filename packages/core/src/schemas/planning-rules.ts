import * as z from 'zod';
import {
  PLANNING_RULE_KINDS,
  PLANNING_RULE_LIMITS as L,
  RULE_PERIODS,
  RULE_SEVERITIES,
  type PlanningRuleKind,
} from '../rules/planning-rules';
import { channelSchema, entityMeta, idSchema, ymdSchema } from './common';

// Planning rules (docs/adr/0062-planning-rules.md): what the server validates a rule with, and what
// its routes answer. The rule itself is judged by core's rules/planning-rules.ts.

const kindSchema = z.enum(PLANNING_RULE_KINDS, { error: `Must be one of: ${PLANNING_RULE_KINDS.join(', ')}` });
const severitySchema = z.enum(RULE_SEVERITIES, { error: `Must be one of: ${RULE_SEVERITIES.join(', ')}` });
const periodSchema = z.enum(RULE_PERIODS, { error: `Must be one of: ${RULE_PERIODS.join(', ')}` });

const wholeAtLeastOne = (max: number, what: string) =>
  z
    .number({ error: `Must be a whole number of ${what}, 1 or more` })
    .int({ error: `Must be a whole number of ${what}, 1 or more` })
    .min(1, { error: `Must be 1 or more` })
    .max(max, { error: `Must be at most ${max}` });

/**
 * An audience is any text a campaign's audiences may hold (matched without regard to case), not
 * a list of known ones: the audiences are free text, and a rule written before the first campaign
 * to that audience must be possible. Refused: empty, longer than a campaign's audience may be, or
 * holding control characters.
 */
const audienceSchema = z
  .string({ error: 'Must be text' })
  .trim()
  .min(1, { error: 'An audience cannot be empty' })
  .max(L.audienceMaxLength, { error: `Must be at most ${L.audienceMaxLength} characters` })
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'Must not hold control characters' });

const nameSchema = z
  .string({ error: 'Must be text' })
  .trim()
  .max(L.nameMaxLength, { error: `Must be at most ${L.nameMaxLength} characters` })
  .nullable()
  .transform((s) => (s === '' ? null : s));

const USES: Record<PlanningRuleKind, { limit: boolean; period: boolean; audience: boolean; gap_days: boolean }> = {
  channel_load: { limit: true, period: true, audience: false, gap_days: false },
  audience_load: { limit: true, period: true, audience: true, gap_days: false },
  owner_load: { limit: true, period: true, audience: false, gap_days: false },
  non_working: { limit: false, period: false, audience: false, gap_days: false },
  min_gap: { limit: false, period: false, audience: true, gap_days: true },
};

/**
 * A rule as an administrator writes it (create, replace, import). Fields its kind does not use are
 * stored as null whatever was sent, so a form can send every field; fields it needs are required
 * and named when missing. A load rule counts per week unless told otherwise.
 */
export const planningRuleBodySchema = z
  .strictObject({
    kind: kindSchema,
    severity: severitySchema.default('warn'),
    limit: wholeAtLeastOne(L.limitMax, 'go-lives').nullable().optional(),
    period: periodSchema.nullable().optional(),
    channel: channelSchema.nullable().optional(),
    audience: audienceSchema.nullable().optional(),
    gap_days: wholeAtLeastOne(L.gapDaysMax, 'days').nullable().optional(),
    name: nameSchema.optional(),
  })
  .superRefine((r, ctx) => {
    const uses = USES[r.kind];
    if (uses.limit && r.limit == null) ctx.addIssue({ code: 'custom', path: ['limit'], message: 'A limit is required (1 or more)' });
    if (uses.gap_days && r.gap_days == null) ctx.addIssue({ code: 'custom', path: ['gap_days'], message: 'A gap in days is required (1 or more)' });
  })
  .transform((r) => {
    const uses = USES[r.kind];
    return {
      kind: r.kind,
      severity: r.severity,
      limit: uses.limit ? (r.limit ?? null) : null,
      period: uses.period ? (r.period ?? 'week') : null,
      channel: r.channel ?? null,
      audience: uses.audience ? (r.audience ?? null) : null,
      gap_days: uses.gap_days ? (r.gap_days ?? null) : null,
      name: r.name ?? null,
    };
  });
export type PlanningRuleBody = z.input<typeof planningRuleBodySchema>;
export type PlanningRuleFields = z.output<typeof planningRuleBodySchema>;

export const planningRuleSchema = z.object({
  ...entityMeta,
  kind: z.enum(PLANNING_RULE_KINDS),
  severity: z.enum(RULE_SEVERITIES),
  limit: z.number().int().nullable(),
  period: z.enum(RULE_PERIODS).nullable(),
  channel: channelSchema.nullable(),
  audience: z.string().nullable(),
  gap_days: z.number().int().nullable(),
  name: z.string().nullable(),
  /** The rule in words (its name when it has one): what Settings lists and a 409 names. */
  description: z.string(),
});
export type PlanningRuleRecord = z.infer<typeof planningRuleSchema>;

/** `cadence rules import`, `POST /api/planning-rules/import`: the whole list, replacing the rules, all or nothing. */
export const planningRulesImportSchema = z.strictObject({
  rules: z.array(planningRuleBodySchema, { error: 'Must be a list of rules' }).max(L.rulesMax, { error: `At most ${L.rulesMax} rules` }),
});
export type PlanningRulesImport = z.input<typeof planningRulesImportSchema>;

export const ruleViolationSchema = z.object({
  rule_id: idSchema,
  kind: z.enum(PLANNING_RULE_KINDS),
  severity: z.enum(RULE_SEVERITIES),
  message: z.string(),
  date: ymdSchema,
  campaign_ids: z.array(idSchema),
});

/** The conflicts list's window: at most a year, so one request stays one bounded read. */
export const CONFLICTS_MAX_DAYS = 366;

export const conflictsQuerySchema = z
  .strictObject({ from: ymdSchema, to: ymdSchema, format: z.enum(['json', 'csv'], { error: 'Must be one of: json, csv' }).optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'Must be on or after from' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < CONFLICTS_MAX_DAYS, { path: ['to'], error: `At most ${CONFLICTS_MAX_DAYS} days from from` });

export const conflictSchema = ruleViolationSchema.extend({
  /** The rule in words, and the campaigns' titles in the order of `campaign_ids`. */
  rule: z.string(),
  campaign_titles: z.array(z.string()),
});
export type Conflict = z.infer<typeof conflictSchema>;

export const conflictsSchema = z.object({ from: ymdSchema, to: ymdSchema, conflicts: z.array(conflictSchema) });
export type ConflictsList = z.infer<typeof conflictsSchema>;
