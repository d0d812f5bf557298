import { DEFAULT_AD_MANAGER_TAB, type AdManagerTab, type Ymd } from '@cadence/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { TabPanel, Tabs } from '../ui/Tabs';
import { PageTitle } from '../ui/bits';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { AdTimeline } from './AdTimeline';
import { AdsByStatus } from './AdsByStatus';
import { Articles } from './Articles';
import { Performance } from './Performance';
import { Prospective } from './Prospective';
import { Publications } from './Publications';
import { WidgetStyles } from '../styles/WidgetStyles';
import ganttCss from '../styles/gantt.css?inline';
import tablesCss from '../styles/tables.css?inline';
import adManagerCss from '../styles/ad-manager.css?inline';
import pagesCss from '../styles/pages.css?inline';

export interface AdManagerProps extends PageWidgetProps {
  /** The tab shown (the app maps the `tab` query parameter here); default 'ads-by-status'. A new value switches to it. */
  tab?: AdManagerTab;
  /** Called when the user picks another tab, e.g. to update the URL. */
  onTabChange?: (tab: AdManagerTab) => void;
  /** Month first shown on the ad timeline; default this month. */
  date?: Ymd;
  /** The browser confirm before deleting an ad type; tests and hosts may replace it. */
  confirm?: (message: string) => boolean;
}

export const AD_MANAGER_TAB_LABELS: Record<AdManagerTab, string> = {
  calendar: 'Calendar',
  'ads-by-status': 'Ads by Status',
  performance: 'Performance',
  publications: 'Publications',
  prospective: 'Prospective Pubs',
  articles: 'Articles',
};
const TABS = (Object.keys(AD_MANAGER_TAB_LABELS) as AdManagerTab[]).map((value) => ({ value, label: AD_MANAGER_TAB_LABELS[value] }));

function AdManagerBody({ headingLevel, tab: initial, onTabChange, date, confirm }: AdManagerProps): ReactNode {
  const [tab, setTab] = useState<AdManagerTab>(initial ?? DEFAULT_AD_MANAGER_TAB);
  const idBase = useId();
  // A new `tab` from the host (the URL changed, e.g. Back) wins over the current one.
  useEffect(() => setTab(initial ?? DEFAULT_AD_MANAGER_TAB), [initial]);
  const change = (t: AdManagerTab) => {
    setTab(t);
    onTabChange?.(t);
  };
  return (
    <section className="cad-page" aria-labelledby={`${idBase}-title`}>
      <header className="cad-page-header">
        <div className="cad-page-header__text">
          <PageTitle level={headingLevel} id={`${idBase}-title`}>Industry Publication Ad Manager</PageTitle>
          <p className="cad-page-subtitle">Organize and track your newsletter banner ad campaigns across industry publications</p>
        </div>
      </header>
      <Tabs label="Ad manager sections" idBase={idBase} value={tab} tabs={TABS} onChange={change} />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'calendar' && <AdTimeline {...(date ? { date } : {})} />}
        {tab === 'ads-by-status' && <AdsByStatus />}
        {tab === 'performance' && <Performance />}
        {tab === 'publications' && <Publications {...(confirm ? { confirm } : {})} />}
        {tab === 'prospective' && <Prospective />}
        {tab === 'articles' && <Articles />}
      </TabPanel>
    </section>
  );
}

/** The industry publications ad manager with its six tabs (docs/product.md#ad-manager). */
export function AdManager(props: AdManagerProps): ReactNode {
  return (
    <WidgetRoot name="AdManager" client={props.client} className={props.className}>
      <WidgetStyles css={pagesCss} />
      <WidgetStyles css={ganttCss} />
      <WidgetStyles css={tablesCss} />
      <WidgetStyles css={adManagerCss} />
      <AdManagerBody {...props} />
    </WidgetRoot>
  );
}
