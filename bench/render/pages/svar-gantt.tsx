// @svar-ui/react-gantt: N tasks over the same quarter, one row each, month and week scales,
// a single title column, the Willow theme (web fonts off: the page never leaves the machine).
import '@svar-ui/react-gantt/all.css';
import './svar-gantt.css';
import { Gantt, Willow } from '@svar-ui/react-gantt';
import { createRoot } from 'react-dom/client';
import { GANTT_QUARTER, pageParams, quarterEvents } from '../data';
import { settleRequested, whenReady } from './ready';

const date = (ymd: string, plus = 0) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plus);
};

const { n } = pageParams();
// SVAR's end is the midnight after the last day.
const tasks = quarterEvents(n).map((e, i) => ({ id: i + 1, text: e.title, start: date(e.start), end: date(e.end, 1), type: 'task', progress: 0 }));
const { year, firstMonth } = GANTT_QUARTER;
const scales = [
  { unit: 'month' as const, step: 1, format: '%F %Y' },
  { unit: 'week' as const, step: 1, format: '%M %j' },
];
const columns = [{ id: 'text', header: 'Campaign', width: 224 }];

// SVAR first draws two bars before it has measured its height, then the rows that fit
// (about 16 at 860 px): ready once those are drawn.
whenReady({
  isReady: () => document.querySelectorAll('.wx-bar').length >= Math.min(n, 16),
  eventSelector: '.wx-bar',
  settle: settleRequested(),
});
const root = document.getElementById('root')!;
root.style.height = '860px';
createRoot(root).render(
  <Willow fonts={false}>
    <Gantt
      tasks={tasks}
      scales={scales}
      columns={columns}
      start={new Date(year, firstMonth - 1, 1)}
      end={new Date(year, firstMonth + 2, 1)}
      cellWidth={100}
      cellHeight={48}
      gridWidth={224}
    />
  </Willow>,
);
