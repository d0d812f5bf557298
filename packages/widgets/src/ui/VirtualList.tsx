import { useEffect, useRef, type ReactNode } from 'react';
import { useMeasuredRows } from './measured-rows';

export interface VirtualListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Height of a row before it is measured, gap included. */
  estimate: number;
  /** Space under each row (px), part of its measured height. */
  gap?: number;
  /** Rows drawn beyond each edge of the visible part. */
  overscan?: number;
  className?: string;
  /** ARIA role of the list and of each row ('list' gives rows 'listitem' with their position). */
  role?: 'list';
  'aria-label'?: string;
  /** More rows wait on the server; they are asked for when the last rows come into view. */
  hasMore?: boolean;
  loadingMore?: boolean;
  moreFailed?: boolean;
  onLoadMore?: () => void;
  /** What the "loading more" line says, e.g. 'Loading more campaigns…'. */
  loadingMoreText?: string;
}

/** Rows from the end of the loaded ones at which the next page is asked for. */
const LOAD_AHEAD = 5;

/**
 * A list that draws only the rows on screen (plus `overscan`) inside whatever scrolls it, and
 * asks for more rows as its end comes into view (docs/adr/0022). The rest of the list is
 * empty space of the right height, so the scroll bar tells the truth about what is loaded.
 */
export function VirtualList<T>(props: VirtualListProps<T>): ReactNode {
  const { items, keyOf, renderItem, estimate, gap = 0, overscan = 3, className, role, hasMore, loadingMore, moreFailed, onLoadMore } = props;
  const list = useRef<HTMLDivElement>(null);
  const keys = items.map(keyOf);
  const rows = useMeasuredRows(list, keys, estimate, overscan);
  const count = items.length;
  useEffect(() => {
    if (hasMore && !loadingMore && !moreFailed && rows.end >= count - LOAD_AHEAD) onLoadMore?.();
  }, [hasMore, loadingMore, moreFailed, rows.end, count, onLoadMore]);
  const drawn: ReactNode[] = [];
  for (let i = rows.start; i < rows.end; i++) {
    const item = items[i]!;
    const key = keys[i]!;
    drawn.push(
      <div
        key={key}
        ref={rows.measure(key)}
        className="cad-virtual__row"
        style={gap ? { paddingBottom: gap } : undefined}
        {...(role === 'list' ? { role: 'listitem', 'aria-posinset': i + 1, 'aria-setsize': hasMore ? -1 : count } : {})}
      >
        {renderItem(item, i)}
      </div>,
    );
  }
  return (
    <>
      <div
        ref={list}
        className={className ? `cad-virtual ${className}` : 'cad-virtual'}
        style={{ paddingTop: rows.before, paddingBottom: rows.after }}
        role={role}
        aria-label={props['aria-label']}
      >
        {drawn}
      </div>
      {loadingMore && (
        <p className="cad-virtual__more" role="status">
          {props.loadingMoreText ?? 'Loading more…'}
        </p>
      )}
      {moreFailed && (
        <p className="cad-virtual__more" role="alert">
          Could not load more.{' '}
          <button type="button" className="cad-button cad-button--small" onClick={onLoadMore}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}
