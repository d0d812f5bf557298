import * as z from 'zod';
import { LIMITS, PERMISSION_TYPES, ROLES } from '../constants';
import { channelSchema, idSchema } from './common';

const email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail is too long' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

const newPassword = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMinLength, { error: 'Password must be at least 6 characters long.' })
  .refine((s) => new TextEncoder().encode(s).length <= LIMITS.passwordMaxBytes, {
    error: `Password must be at most ${LIMITS.passwordMaxBytes} bytes`,
  });

export const signUpSchema = z.strictObject({ email, password: newPassword });
export type SignUpRequest = z.input<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type SignInRequest = z.input<typeof signInSchema>;

export const refreshSchema = z.strictObject({ refresh_token: z.string().min(1).max(512) });
export type RefreshRequest = z.input<typeof refreshSchema>;

export const sendPasswordResetSchema = z.strictObject({ email, appUrl: z.url({ error: 'appUrl must be a URL' }).optional() });
export type SendPasswordResetRequest = z.input<typeof sendPasswordResetSchema>;

export const updatePasswordSchema = z.strictObject({
  token: z.string({ error: 'Reset token not found' }).min(1, { error: 'Reset token not found' }).max(512),
  newPassword,
});
export type UpdatePasswordRequest = z.input<typeof updatePasswordSchema>;

export const confirmEmailSchema = z.strictObject({ token: z.string().min(1).max(512) });

export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  /** Seconds since the epoch. */
  expires_at: z.number().int(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const roleSchema = z.enum(ROLES);
export const userRoleSchema = z.object({ user_id: idSchema, role: roleSchema });
export type UserRole = z.infer<typeof userRoleSchema>;
export const roleSetSchema = z.strictObject({ role: roleSchema.nullable() });
export type RoleSetRequest = z.input<typeof roleSetSchema>;

export const permissionTypeSchema = z.enum(PERMISSION_TYPES);
export const permissionSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  permission_type: permissionTypeSchema,
  channel: channelSchema.nullable(),
  created_by: idSchema.nullable(),
  created_at: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

const channelMatchesType = (p: { permission_type: string; channel?: string | null | undefined }) =>
  p.permission_type.startsWith('channel_') ? !!p.channel : !p.channel;
const channelRule = {
  path: ['channel'],
  error: 'channel_view and channel_create need a channel; global permissions take none',
};
export const permissionGrantSchema = z
  .strictObject({ permission_type: permissionTypeSchema, channel: channelSchema.nullable().optional() })
  .refine(channelMatchesType, channelRule);
export type PermissionGrantRequest = z.input<typeof permissionGrantSchema>;
export const permissionRevokeQuerySchema = permissionGrantSchema;

/** Every user by e-mail; `admin` marks administrators (older servers leave it out). */
export const listUsersResponseSchema = z.object({ users: z.array(z.object({ id: idSchema, email: z.string(), admin: z.boolean().optional() })) });
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

export const accessKeyCreateSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Key name is required' }).max(300),
  read_only: z.boolean().default(true),
  channels: z.array(channelSchema).min(1).max(12).nullable().optional(),
  /** A shared saved view the key is bound to (docs/adr/0032): it reads only the campaigns the view shows, as the view is now. */
  view_id: idSchema.nullable().optional(),
});
export type AccessKeyCreateRequest = z.input<typeof accessKeyCreateSchema>;
export const accessKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  read_only: z.boolean(),
  channels: z.array(channelSchema).nullable(),
  created_by: idSchema,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The saved view the key is bound to, or null (docs/adr/0032). */
  view_id: idSchema.nullable(),
});
export type AccessKey = z.infer<typeof accessKeySchema>;
export const accessKeyCreatedSchema = accessKeySchema.extend({ secret: z.string() });
export type AccessKeyCreated = z.infer<typeof accessKeyCreatedSchema>;

const permissionRecordsSchema = z.array(z.object({ permission_type: permissionTypeSchema, channel: channelSchema.nullable() }));

/**
 * `GET /api/auth/user`: the caller, their role, their permission records and what they may do.
 * `principal` is what core's `can()` needs in the browser; for an access key it carries the
 * key's read-only flag and channels. `role`, `permissions` and `abilities` stay for older clients.
 */
export const authUserResponseSchema = z.object({
  user: userSchema,
  role: roleSchema.nullable(),
  permissions: permissionRecordsSchema,
  principal: z.object({
    user_id: idSchema,
    role: roleSchema.nullable(),
    permissions: permissionRecordsSchema,
    read_only: z.boolean(),
    channels: z.array(channelSchema).nullable(),
    key: z.boolean().optional(),
    view: z.boolean().optional(),
  }),
  abilities: z.record(z.string(), z.unknown()),
});
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;
