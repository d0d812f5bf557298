import type { Channel } from '../channels';
import type { Scope } from '../constants';

export interface ScopedFields {
  scope: Scope;
  primary_channel: Channel | null;
  channels: Channel[];
}

/**
 * The form's reaction to the scope radio (docs/product.md#scope): channel clears the chosen
 * channels, global clears the primary channel. Picking the current scope changes nothing.
 */
export function applyScopeChange<T extends ScopedFields>(form: T, newScope: Scope): T {
  if (form.scope === newScope) return form;
  return newScope === 'channel'
    ? { ...form, scope: newScope, channels: [] }
    : { ...form, scope: newScope, primary_channel: null };
}

export const PRIMARY_CHANNEL_MESSAGE = 'A channel campaign needs a primary channel';

/**
 * docs/product.md#states: a channel campaign needs a primary channel. The campaign schema, the checks without
 * zod, the server's PATCH (on the merged row) and the dialog all ask this one function.
 */
export const lacksPrimaryChannel = (c: { scope?: unknown; primary_channel?: unknown }): boolean =>
  c.scope === 'channel' && !c.primary_channel;

/** docs/product.md#campaign-fields: the first channel, else content. */
export function primaryChannelFallback(channels: readonly Channel[]): Channel {
  return channels[0] ?? 'content';
}

/**
 * The stored shape (docs/architecture.md#row-shapes): a channel campaign has channels = [primary_channel], a
 * global one has no primary channel. A channel campaign without a primary channel takes
 * the fallback rather than being stored without one.
 */
export function normalizeScopedCampaign<T extends ScopedFields>(c: T): T {
  if (c.scope === 'global') return { ...c, primary_channel: null, channels: [...new Set(c.channels)] };
  const primary = c.primary_channel ?? primaryChannelFallback(c.channels);
  return { ...c, primary_channel: primary, channels: [primary] };
}

/** Adds the channel at the end, or removes it when already chosen. */
export function toggleChannel(channels: readonly Channel[], ch: Channel): Channel[] {
  return channels.includes(ch) ? channels.filter((c) => c !== ch) : [...channels, ch];
}

/** Channel-only → global; the channel list is kept so the campaign keeps its colour and rows. */
export function promote<T extends Pick<ScopedFields, 'scope' | 'primary_channel'>>(campaign: T): T {
  return { ...campaign, scope: 'global', primary_channel: null };
}
