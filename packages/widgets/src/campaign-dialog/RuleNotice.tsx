import type { ReactNode } from 'react';
import { verdictSentence, type Verdict } from '../move/verdict';

/**
 * The planning rules' verdict on the campaign as it would be saved. Always in the page, so the
 * live region announces a verdict that appears while the user changes the go-live or channels.
 */
export function RuleNotice({ verdict }: { verdict: Verdict | null }): ReactNode {
  return (
    <div role="status" aria-live="polite" className="cad-rule-notice">
      {verdict && (
        <p className={`cad-notice ${verdict.blocked ? 'cad-notice--error' : 'cad-notice--warning'}`}>
          {verdictSentence(verdict)}
          {verdict.blocked ? '. Choose another go-live date or channel to save.' : '. Saving is allowed; the team will see the conflict.'}
        </p>
      )}
    </div>
  );
}
