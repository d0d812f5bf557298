// Cadence: the Gantt widget's quarter view (planning bars) with N campaigns, one row each.
import { CadenceProvider, Gantt } from '@cadence/widgets';
import { createRoot } from 'react-dom/client';
import { pageParams, quarterEvents } from '../data';
import { staticClient, toCampaign } from './cadence-client';
import { settleRequested, whenReady } from './ready';

const { n } = pageParams();
// Planning bars run from the planning start to the live date, both included.
const campaigns = quarterEvents(n).map((e, i) => toCampaign(e, i, e.end));
const client = staticClient(campaigns);
const now = () => new Date(2026, 4, 15, 10, 0);

whenReady({
  // The rows that fit the 576 px scroller (12) have their bars.
  isReady: () => document.querySelectorAll('.cad-gantt__bar').length >= Math.min(n, 12),
  eventSelector: '.cad-gantt__bar',
  settle: settleRequested(),
});
createRoot(document.getElementById('root')!).render(
  <CadenceProvider client={client} now={now}>
    <Gantt date="2026-05-15" range="quarter" view="planning" />
  </CadenceProvider>,
);
