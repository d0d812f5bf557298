import { channelInfo, priorityLabel, statusLabel, type CampaignStatus, type Channel, type Priority } from '@cadence/core';
import type { ReactNode } from 'react';

export function StatusBadge({ status }: { status: CampaignStatus }): ReactNode {
  return <span className={`cad-badge cad-status cad-status--${status}`}>{statusLabel(status)}</span>;
}

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'outline' | 'accent' }): ReactNode {
  return <span className={`cad-badge cad-badge--${tone}`}>{children}</span>;
}

/** A coloured dot whose meaning is spoken, not only shown. */
export function PriorityDot({ priority }: { priority: Priority }): ReactNode {
  return <span className={`cad-priority-dot cad-priority--${priority}`} role="img" aria-label={`${priorityLabel(priority)} priority`} />;
}

export function ChannelChip({ channel }: { channel: Channel }): ReactNode {
  const info = channelInfo(channel);
  return (
    <span className="cad-channel-chip">
      <span className="cad-dot" style={{ background: info.color }} aria-hidden="true" />
      {info.label}
    </span>
  );
}

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

/** A group of toggle buttons; the pressed one is the current value. */
export function Segmented<T extends string>({ label, value, options, onChange }: {
  label: string;
  value: T;
  options: ReadonlyArray<SegmentOption<T>>;
  onChange: (value: T) => void;
}): ReactNode {
  return (
    <div role="group" aria-label={label} className="cad-segmented">
      {options.map((o) => (
        <button key={o.value} type="button" aria-pressed={o.value === value} className="cad-segmented__item" onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }): ReactNode {
  return (
    <div className="cad-empty">
      <p className="cad-empty__title">{title}</p>
      {text && <p className="cad-empty__text">{text}</p>}
      {action}
    </div>
  );
}

/** Inline failure with a retry, beside the spec's toast. */
export function LoadError({ onRetry }: { onRetry: () => void }): ReactNode {
  return (
    <div className="cad-empty" role="alert">
      <p className="cad-empty__title">Failed to load campaigns from database.</p>
      <button type="button" className="cad-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A page widget's title, an `h1` when the widget is the page and an `h2` inside a host's page. */
export function PageTitle({ level = 2, id, children }: { level?: 1 | 2 | undefined; id?: string; children: ReactNode }): ReactNode {
  const Heading = level === 1 ? 'h1' : 'h2';
  return <Heading id={id} className="cad-page-title">{children}</Heading>;
}
