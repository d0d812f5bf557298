import { AD_MANAGER_TABS, DEFAULT_AD_MANAGER_TAB, can, type AdManagerTab } from '@cadence/core';
import { AdManager, useSession } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState, NoAccess } from '../ui/states';

const isTab = (v: string | null): v is AdManagerTab => !!v && (AD_MANAGER_TABS as readonly string[]).includes(v);

/** docs/product.md#ad-manager: the ad manager, its tab in `?tab=`. */
export function AdManagerPage(): ReactNode {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = isTab(raw) ? raw : DEFAULT_AD_MANAGER_TAB;
  if (!session.ready) return <LoadingState />;
  if (!can(session.principal, 'read', 'industry')) return <NoAccess what="industry publications" />;
  return (
    <div className="page">
      <AdManager
        headingLevel={1}
        tab={tab}
        onTabChange={(next) =>
          setParams((p) => {
            if (next === DEFAULT_AD_MANAGER_TAB) p.delete('tab');
            else p.set('tab', next);
            return p;
          }, { replace: true })
        }
      />
    </div>
  );
}
