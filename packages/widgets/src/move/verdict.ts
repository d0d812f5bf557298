import { blockingViolations, type RuleViolation } from '@cadence/core';

/** What a target day says while a campaign is carried over it: the rules it would break, blocks first. */
export interface Verdict {
  /** A blocking rule is broken: a drop here is refused. */
  blocked: boolean;
  /** The violations' own words, e.g. "3 e-mail sends to Customers that week; the limit is 2". */
  text: string;
}

/** The verdict of some violations, or null when none: a block's words alone, else every warning's. */
export function verdictOf(violations: readonly RuleViolation[]): Verdict | null {
  if (violations.length === 0) return null;
  const blocks = blockingViolations(violations);
  const shown = blocks.length ? blocks : violations;
  return { blocked: blocks.length > 0, text: [...new Set(shown.map((v) => v.message))].join('. ') };
}

/** The verdict as the live region and a target's label say it. */
export const verdictSentence = (v: Verdict): string => `${v.blocked ? 'Blocked' : 'Warning'}: ${v.text}`;

/** A chip's or bar's conflicts in words, or undefined when it has none. */
export function conflictText(violations: readonly RuleViolation[] | undefined): string | undefined {
  return violations?.length ? [...new Set(violations.map((v) => v.message))].join('. ') : undefined;
}
