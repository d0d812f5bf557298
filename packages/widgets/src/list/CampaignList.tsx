import { LIMITS, can, type Campaign, type CampaignFilter, type Channel } from '@cadence/core';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CampaignCard } from '../calendar/CampaignCard';
import { useCampaignEditor } from '../campaign-dialog/use-campaign-editor';
import { useCampaignPages } from '../provider/campaign-pages';
import { useSession } from '../provider/session';
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
        renderItem={(row) => (
          <div className="cad-list-row" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {row.map((c) => (
              <CampaignCard key={c.id} campaign={c} status={c.status} rights={session.rights(c)} onEdit={editor.edit} />
            ))}
          </div>
        )}
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
