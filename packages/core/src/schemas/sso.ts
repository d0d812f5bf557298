import { z } from 'zod';
import { formatSsoGrant, parseSsoGrant } from '../rules/sso';

/** `GET /api/auth/providers`: what the sign-in page offers. */
export const authProvidersSchema = z.object({
  password: z.boolean(),
  sso: z.object({ name: z.string(), start_url: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export const ssoExchangeSchema = z.strictObject({
  code: z.string().min(1, { error: 'Code is required' }).max(200),
  /** The CLI's secret, when it started the sign-in with a code_challenge (loopback flow). */
  code_verifier: z.string().min(43).max(128).optional(),
});

const grantSchema = z
  .string()
  .trim()
  .refine((g) => parseSsoGrant(g) !== null, {
    error: 'Must be admin, global_view, global_create, channel_view:<channel> or channel_create:<channel>',
  })
  .transform((g) => formatSsoGrant(parseSsoGrant(g)!));

export const ssoMappingCreateSchema = z.strictObject({
  claim: z.string().trim().min(1, { error: 'Claim is required' }).max(100).default('groups'),
  value: z.string().trim().min(1, { error: 'Value is required' }).max(300),
  grant: grantSchema,
});
export type SsoMappingCreateRequest = z.input<typeof ssoMappingCreateSchema>;
export const ssoMappingSchema = z.object({
  id: z.string(),
  claim: z.string(),
  value: z.string(),
  grant: z.string(),
  created_at: z.string(),
});
export type SsoMappingRecord = z.infer<typeof ssoMappingSchema>;
