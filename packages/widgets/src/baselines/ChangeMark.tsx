import type { ComparedCampaign } from '@cadence/core';
import type { ReactNode } from 'react';

/** "Moved +4d", "Added", "Removed": the change in words beside a campaign's name (never colour alone). */
export function ChangeMark({ compared }: { compared: ComparedCampaign }): ReactNode {
  const text =
    compared.change === 'moved' ? (compared.slip_days ? `Moved ${compared.slip_days > 0 ? '+' : '−'}${Math.abs(compared.slip_days)}d` : 'Moved')
      : compared.change === 'added' ? 'Added'
      : compared.change === 'removed' ? 'Removed' : null;
  if (!text) return null;
  return <span className={`cad-compare-mark cad-compare-mark--${compared.change}`} data-change={compared.change}>{text}</span>;
}
