import * as z from 'zod';
import { APPROVAL_MODES, APPROVAL_STATES } from '../rules/approvals';
import { channelSchema, idSchema } from './common';

// Approvals per channel and the go-live gate (docs/adr/0056-approvals-and-the-go-live-gate.md): what
// the server validates requests with and describes in its OpenAPI document.

const STEP_NAME_MAX = 60;
const COMMENT_MAX = 2000;
export const APPROVAL_LIMITS = { stepsMax: 5, reviewersMax: 50, stepNameMax: STEP_NAME_MAX, commentMax: COMMENT_MAX, reasonMax: COMMENT_MAX } as const;

export const approvalStepSchema = z.strictObject({
  name: z.string().trim().min(1, 'A step needs a name').max(STEP_NAME_MAX),
  reviewer_ids: z.array(idSchema).min(1, 'A step needs at least one reviewer').max(APPROVAL_LIMITS.reviewersMax),
});

/** A channel's rule as an administrator sets it: none, or one or every reviewer of each step's list. */
export const approvalRuleBodySchema = z
  .strictObject({
    mode: z.enum(APPROVAL_MODES, { error: `Must be one of: ${APPROVAL_MODES.join(', ')}` }),
    steps: z.array(approvalStepSchema).max(APPROVAL_LIMITS.stepsMax).default([]),
  })
  .refine((r) => r.mode === 'none' || r.steps.length > 0, { path: ['steps'], error: 'A rule other than none needs at least one step of reviewers' });

export const approvalRuleSchema = z.object({
  channel: channelSchema,
  mode: z.enum(APPROVAL_MODES),
  steps: z.array(z.object({ name: z.string(), reviewer_ids: z.array(idSchema), reviewer_emails: z.array(z.string()) })),
  updated_at: z.string().nullable(),
});
export type ApprovalRuleRecord = z.infer<typeof approvalRuleSchema>;

export const reviewRequestBodySchema = z.strictObject({
  comment: z.string().trim().max(COMMENT_MAX).optional(),
});

export const reviewDecisionBodySchema = z.strictObject({
  channel: channelSchema,
  decision: z.enum(['approve', 'changes'], { error: 'Must be one of: approve, changes' }),
  comment: z.string().trim().max(COMMENT_MAX).optional(),
}).refine((d) => d.decision === 'approve' || !!d.comment, { path: ['comment'], error: 'Say what should change' });

export const goLiveBodySchema = z.strictObject({
  /** An administrator's reason to go live with approvals or required tasks missing (in history). */
  override_reason: z.string().trim().min(1, 'Give a reason for the override').max(COMMENT_MAX).optional(),
});

const stepStateSchema = z.object({
  name: z.string(),
  reviewer_ids: z.array(idSchema),
  approved_by: z.array(idSchema),
  changes_by: z.array(idSchema),
  done: z.boolean(),
});

export const reviewEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['request', 'approve', 'changes', 'override']),
  channel: channelSchema.nullable(),
  step: z.number().nullable(),
  comment: z.string().nullable(),
  actor_id: idSchema.nullable(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
});
export type ReviewEventRecord = z.infer<typeof reviewEventSchema>;

/** A campaign's approval state: per channel, what the gate misses, and the facts behind it. */
export const campaignApprovalsSchema = z.object({
  campaign_id: idSchema,
  channels: z.array(
    z.object({
      channel: channelSchema,
      mode: z.enum(APPROVAL_MODES),
      state: z.enum(APPROVAL_STATES),
      current_step: z.number().nullable(),
      steps: z.array(stepStateSchema),
    }),
  ),
  missing: z.object({ channels: z.array(z.object({ channel: channelSchema, state: z.enum(APPROVAL_STATES) })), open_required: z.number() }).nullable(),
  events: z.array(reviewEventSchema),
});
export type CampaignApprovals = z.infer<typeof campaignApprovalsSchema>;
