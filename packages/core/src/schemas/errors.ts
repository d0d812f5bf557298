import * as z from 'zod';

/** Every `error.code` the server sends, with the status it comes with. */
export const ERROR_CODES = [
  'validation_failed', // 400
  'unauthorized', // 401
  'password_required', // 401: a stakeholder link that asks for a password was opened without one (docs/adr/0061)
  'forbidden', // 403
  'wrong_password', // 403: a stakeholder link's password was wrong
  'not_found', // 404
  'method_not_allowed', // 405
  'request_timeout', // 408: the request never finished arriving
  'already_exists', // 409
  'not_ready', // 409: the go-live gate (docs/adr/0056); details name the missing approvals and tasks
  'rule_blocked', // 409: a planning rule that blocks (docs/adr/0062); the message and details name the rule
  'revert_conflict', // 409: a later change touched the fields a revert would write; details name them
  'revoked', // 409: a revoked stakeholder link cannot be changed
  'conflict', // 412: the If-Match version is stale; `current` holds the row as it is now
  'payload_too_large', // 413
  'unsupported_media_type', // 415
  'rate_limited', // 429
  'headers_too_large', // 431: the address and headers are over Node's 16 KB
  'internal', // 500
  'unavailable', // 503
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one error shape every failing response carries (docs/architecture.md#errors). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
    current: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
