import { LIMITS, can, type Campaign, type CampaignFilter, type Channel, type Principal } from '@cadence/core';
import { memo, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CampaignCard } from '../calendar/CampaignCard';
import { useCampaignEditor } from '../campaign-dialog/use-campaign-editor';
import { useCampaignPages } from '../provider/campaign-pages';
import { useSession } from '../provider/session';
import { rightsOf } from '../provider/permissions';
import { EmptyState, LoadError } from '../ui/bits';
import { VirtualList } from '../ui/VirtualList';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';

export interface CampaignListProps extends WidgetProps {
  channel?: Channel;
  /** Only the campaigns that pass these filters (docs/adr/0029). */
  filter?: CampaignFilter;
  onEditCampaign?: (campaign: Campaign) => void;
  /** Called by 'Create Your First Campaign' instead of opening the built-in dialog. */
  onCreateCampaign?: () => void;
}

/** The grid's columns: 18rem at least, 1rem apart (as .cad-list-grid's auto-fill). */
const MIN_COLUMN = 288;
const GAP = 16;
/** A card row is about this tall (title, description, dates, channels, owner, gap) before it is measured. */
const ROW_ESTIMATE = 236;

/** How many 18rem columns fit the element's width, following its resizes. */
function useColumns(el: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const read = () => setColumns(Math.max(1, Math.floor((node.clientWidth + GAP) / (MIN_COLUMN + GAP))));
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(node);
    return () => observer.disconnect();
  }, [el]);
  return columns;
}

function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface CardRowProps {
  row: readonly Campaign[];
  columns: number;
  principal: Principal;
  onEdit: (c: Campaign) => void;
}

/** The same cards, in the same order, for the same reader: nothing to draw again. */
const sameRow = (a: CardRowProps, b: CardRowProps) =>
  a.columns === b.columns && a.principal === b.principal && a.onEdit === b.onEdit &&
  a.row.length === b.row.length && a.row.every((c, i) => c === b.row[i]);

/**
 * One row of cards. Memoised: a scroll or a page arriving re-renders the list, and only the rows
 * that came into view (or whose campaigns changed) are drawn again; on a slow phone, redrawing
 * every card on screen each time made frames of 150 ms and more.
 */
const CardRow = memo(function CardRow({ row, columns, principal, onEdit }: CardRowProps): ReactNode {
  return (
    <div className="cad-list-row" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {row.map((c) => (
        <CampaignCard key={c.id} campaign={c} status={c.status} rights={rightsOf(principal, c)} onEdit={onEdit} />
      ))}
    </div>
  );
}, sameRow);

function CampaignListBody({ channel, filter, onEditCampaign, onCreateCampaign }: CampaignListProps): ReactNode {
  const campaigns = useCampaignPages({ ...filter, ...(channel ? { channel } : {}) });
  const session = useSession();
  const editor = useCampaignEditor(onEditCampaign);
  const section = useRef<HTMLElement>(null);
  const columns = useColumns(section);
  let body: ReactNode;
  if (campaigns.status === 'loading') {
    body = (
      <div className="cad-list-grid" role="status" aria-label="Loading campaigns">
        {Array.from({ length: LIMITS.campaignListSkeletonCards }, (_, i) => (
          <div key={i} className="cad-skeleton" data-testid="campaign-skeleton" />
        ))}
      </div>
    );
  } else if (campaigns.status === 'error') {
    body = <LoadError onRetry={campaigns.refetch} />;
  } else if (campaigns.items.length === 0) {
    body = (
      <EmptyState
        title="No campaigns found"
        action={
          can(session.principal, 'create', 'campaign') && (
            <button type="button" className="cad-button cad-button--primary" onClick={onCreateCampaign ?? editor.create}>
              Create Your First Campaign
            </button>
          )
        }
      />
    );
  } else {
    // Rows of `columns` cards are the virtual list's rows: only those on screen are drawn.
    body = (
      <VirtualList
        items={chunk(campaigns.items, columns)}
        keyOf={(row) => `${columns}:${row[0]!.id}`}
        estimate={ROW_ESTIMATE}
        gap={GAP}
        renderItem={(row) => <CardRow row={row} columns={columns} principal={session.principal} onEdit={editor.edit} />}
        hasMore={campaigns.hasMore}
        loadingMore={campaigns.loadingMore}
        moreFailed={campaigns.moreFailed}
        onLoadMore={campaigns.loadMore}
        loadingMoreText="Loading more campaigns…"
      />
    );
  }
  return (
    <section ref={section} aria-label="Campaign List" aria-busy={campaigns.status === 'loading'}>
      {body}
      {editor.dialog}
    </section>
  );
}

/**
 * Campaign cards, newest first, with the 4-card skeleton and the empty state
 * (docs/product.md#dashboard). Read a page at a time as the list is scrolled, and only the
 * rows on screen are drawn (docs/adr/0022).
 */
export function CampaignList(props: CampaignListProps): ReactNode {
  return (
    <WidgetRoot name="CampaignList" client={props.client} className={props.className}>
      <CampaignListBody {...props} />
    </WidgetRoot>
  );
}
