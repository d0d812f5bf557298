import { channelInfo, type Channel } from '@cadence/core';
import { BookmarkPlus, FileStack, FileUp, Lightbulb, LogOut, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';

export interface DashboardHeaderProps {
  channel?: Channel;
  canCreate: boolean;
  onNewCampaign: () => void;
  /** Opens "New campaign from template" (docs/adr/0054); absent for those who may not read templates. */
  onNewFromTemplate?: () => void;
  /** Opens "Import campaigns" (docs/adr/0070); absent for those who may not create campaigns. */
  onImport?: () => void;
  /** Opens "Save view" (docs/adr/0032); absent where there is nothing to save (no access). */
  onSaveView?: () => void;
}

/** `compact`: beside the three other actions (New Campaign among them) it shows only its icon on a phone. */
function SaveViewButton({ onClick, compact = false }: { onClick: () => void; compact?: boolean }): ReactNode {
  return (
    <button type="button" className={compact ? 'button button--icon-on-phone' : 'button'} onClick={onClick} {...(compact ? { title: 'Save view' } : {})}>
      <BookmarkPlus size={16} aria-hidden="true" /> <span className="button__label">Save view</span>
    </button>
  );
}

/** docs/product.md#dashboard: title, welcome line, and Ideas / New Campaign / Sign Out only without a channel filter. */
export function DashboardHeader({ channel, canCreate, onNewCampaign, onNewFromTemplate, onImport, onSaveView }: DashboardHeaderProps): ReactNode {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (channel) {
    return (
      <header className="page-header">
        <div>
          <h1 className="page-title">{channelInfo(channel).dashboardLabel}</h1>
          <p className="page-subtitle">Channel Dashboard</p>
        </div>
        {onSaveView && (
          <div className="page-actions">
            <SaveViewButton onClick={onSaveView} />
          </div>
        )}
      </header>
    );
  }
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">Marketing Campaign Calendar</h1>
        <p className="page-subtitle">Welcome back, {user?.email}</p>
      </div>
      <div className="page-actions">
        <Link to="/ideas" className="button">
          <Lightbulb size={16} aria-hidden="true" /> Ideas
        </Link>
        {onSaveView && <SaveViewButton onClick={onSaveView} compact={canCreate} />}
        {canCreate && onNewFromTemplate && (
          <button type="button" className="button button--icon-on-phone" onClick={onNewFromTemplate} title="New campaign from template">
            <FileStack size={16} aria-hidden="true" /> <span className="button__label">From template</span>
          </button>
        )}
        {canCreate && onImport && (
          <button type="button" className="button button--icon-on-phone" onClick={onImport} title="Import campaigns">
            <FileUp size={16} aria-hidden="true" /> <span className="button__label">Import</span>
          </button>
        )}
        {canCreate && (
          <button type="button" className="button button--primary" onClick={onNewCampaign}>
            <Plus size={16} aria-hidden="true" /> New Campaign
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={async () => {
            await signOut();
            navigate('/auth', { replace: true });
          }}
        >
          <LogOut size={16} aria-hidden="true" /> Sign Out
        </button>
      </div>
    </header>
  );
}
