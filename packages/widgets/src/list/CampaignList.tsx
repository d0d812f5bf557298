import { LIMITS, can, type Campaign, type Channel } from '@cadence/core';
import type { ReactNode } from 'react';
import { CampaignCard } from '../calendar/CampaignCard';
import { useCampaignEditor } from '../campaign-dialog/use-campaign-editor';
import { useCampaigns } from '../provider/campaign-queries';
import { useSession } from '../provider/session';
import { EmptyState, LoadError } from '../ui/bits';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';

export interface CampaignListProps extends WidgetProps {
  channel?: Channel;
  onEditCampaign?: (campaign: Campaign) => void;
  /** Called by 'Create Your First Campaign' instead of opening the built-in dialog. */
  onCreateCampaign?: () => void;
}

function CampaignListBody({ channel, onEditCampaign, onCreateCampaign }: CampaignListProps): ReactNode {
  const campaigns = useCampaigns(channel ? { channel } : {});
  const session = useSession();
  const editor = useCampaignEditor(onEditCampaign);
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
  } else if ((campaigns.data ?? []).length === 0) {
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
    body = (
      <div className="cad-list-grid">
        {(campaigns.data ?? []).map((c) => (
          <CampaignCard key={c.id} campaign={c} status={c.status} rights={session.rights(c)} onEdit={editor.edit} />
        ))}
      </div>
    );
  }
  return (
    <section aria-label="Campaign List" aria-busy={campaigns.status === 'loading'}>
      {body}
      {editor.dialog}
    </section>
  );
}

/** Campaign cards, newest first, with the 4-card skeleton and the empty state (docs/product.md#dashboard). */
export function CampaignList(props: CampaignListProps): ReactNode {
  return (
    <WidgetRoot name="CampaignList" client={props.client} className={props.className}>
      <CampaignListBody {...props} />
    </WidgetRoot>
  );
}
