// Cadence: the Calendar widget's month view (planning timeline) with N campaigns.
import { CadenceProvider, Calendar } from '@cadence/widgets';
import { createRoot } from 'react-dom/client';
import { monthEvents, pageParams } from '../data';
import { addOneDay, staticClient, toCampaign } from './cadence-client';
import { settleRequested, whenReady } from './ready';

const { n } = pageParams();
// Planning days run from the planning start up to the day before the live date.
const campaigns = monthEvents(n).map((e, i) => toCampaign(e, i, addOneDay(e.end)));
const client = staticClient(campaigns);
const now = () => new Date(2026, 2, 11, 10, 0);

whenReady({
  isReady: () => document.querySelector('.cad-chip') !== null,
  eventSelector: '.cad-chip',
  settle: settleRequested(),
});
createRoot(document.getElementById('root')!).render(
  <CadenceProvider client={client} now={now}>
    <Calendar date="2026-03-01" mode="month" view="planning" />
  </CadenceProvider>,
);
