import { can, ENTITIES, type Principal } from '@cadence/core';
import type { Topic } from '../data/changes';

/** The read rule of docs/architecture.md#rules for one logged row: `can()`, as the HTTP routes ask it. */
export function canReadChange(p: Principal, topic: Topic, row: Record<string, unknown> | null): boolean {
  // Campaigns are read row by row; a campaign change without its row is not sent.
  if (!row && topic === 'campaigns') return false;
  // A saved view goes to its owner, or (shared) to those who read its dashboard; never to a key.
  if (!row && topic === 'saved_views') return false;
  // An inbox item goes to its recipient alone: a change without its row is nobody's to hear.
  if (!row && topic === 'notifications') return false;
  // Which of core's policy resources a topic carries is its entity's (core's entities.ts).
  return can(p, 'read', ENTITIES[topic].policy, row ?? undefined);
}

/** A subscription filter: every given field must equal the row's value. */
export function matchesFilter(filter: Record<string, unknown> | undefined, row: Record<string, unknown> | null): boolean {
  if (!filter) return true;
  if (!row) return false;
  return Object.entries(filter).every(([key, value]) => row[key] === value);
}
