import type { Channel, Permission, PermissionType } from '@cadence/core';

/** docs/product.md#settings: the user list shows the first 8 characters of the id. */
export const shortId = (id: string): string => id.slice(0, 8);

/** A user matches a search when the e-mail or the id contains it, ignoring case and surrounding spaces. */
export const matchesUser = (u: { id: string; email: string }, query: string): boolean => {
  const q = query.trim().toLowerCase();
  return q === '' || u.email.toLowerCase().includes(q) || u.id.toLowerCase().includes(q);
};

export const hasPermission = (list: readonly Permission[], type: PermissionType, channel: Channel | null = null): boolean =>
  list.some((p) => p.permission_type === type && (p.channel ?? null) === channel);

/** The list after a switch flips: a record added (optimistically, until the server's row arrives) or removed. */
export function toggled(list: readonly Permission[], userId: string, type: PermissionType, channel: Channel | null, on: boolean): Permission[] {
  const rest = list.filter((p) => !(p.permission_type === type && (p.channel ?? null) === channel));
  if (!on) return rest;
  return [...rest, { id: `pending-${type}-${channel ?? 'global'}`, user_id: userId, permission_type: type, channel, created_by: null, created_at: '' }];
}

export const GLOBAL_SWITCHES = [
  { type: 'global_view', label: 'View Calendar' },
  { type: 'global_create', label: 'Create Campaigns/Events' },
] as const satisfies ReadonlyArray<{ type: PermissionType; label: string }>;
