/**
 * `replan`: a campaign with 50 tasks whose go-live is moved by a drag (one PATCH of live_date),
 * watched by 200 dashboards subscribed to the tasks topic over the realtime socket. The server
 * re-plans every open task in the update's transaction (docs/adr/0053); the figure is the time
 * from sending the PATCH to the moment every dashboard holds every task's new due date.
 * Go-live moves +3 working days, then back, alternately, over a week with a closed day.
 */
import WebSocket from 'ws';
import { addWorkingDays, replanTasks, workingCalendar, type Ymd } from '../../packages/core/src/index.js';
import { createScratchDatabase } from '../lib/pg.js';
import { startBenchServer } from '../lib/server.js';
import { median, quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';
import { call } from '../lib/api.js';

const LIVE: Ymd = '2027-03-16';
const HOLIDAY: Ymd = '2027-03-18';
const TASKS = 50;

interface Dashboard {
  ws: WebSocket;
  due: Map<string, Ymd | null>;
  /** Tasks whose due date differs from the one expected after the current move. */
  wrong: number;
  consistentAt: number | null;
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

export const replanSuite: Suite = {
  name: 'replan',
  description: 'go-live of a 50-task campaign moved by a drag: one PATCH re-plans every task; drop → 200 dashboards consistent',
  async run(ctx) {
    const dashboards = ctx.quick ? 20 : 200;
    const moves = ctx.quick ? 4 : 30;
    const db = await createScratchDatabase(ctx.pgAdminUrl);
    const server = await startBenchServer({ databaseUrl: db.url });
    const open: Dashboard[] = [];
    try {
      const credentials = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await call('POST', `${server.url}/api/auth/signup`, undefined, credentials);
      const { access_token: token } = await call('POST', `${server.url}/api/auth/signin`, undefined, credentials);
      await call('POST', `${server.url}/api/working-calendar/closed-days`, token, { day: HOLIDAY, label: 'Bench holiday' });
      const cal = workingCalendar([HOLIDAY]);
      const campaign = await call('POST', `${server.url}/api/campaigns`, token, { title: 'Launch', planning_start_date: '2027-01-04', live_date: LIVE, channels: ['email'] });
      for (let i = 0; i < TASKS; i++) {
        await call('POST', `${server.url}/api/campaigns/${campaign.id}/tasks`, token, { title: `Task ${i}`, due_date: addWorkingDays(LIVE, -(1 + (i % 25)), cal) });
      }
      let tasks: Array<{ id: string; due_date: Ymd | null; status: 'todo' }> = await call('GET', `${server.url}/api/campaigns/${campaign.id}/tasks`, token);
      let expected = new Map(tasks.map((t) => [t.id, t.due_date]));

      ctx.log(`connecting ${dashboards} dashboards`);
      const wsUrl = `${server.url.replace('http', 'ws')}/api/realtime`;
      for (let i = 0; i < dashboards; i += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, dashboards - i) }, async () => {
            const d: Dashboard = { ws: new WebSocket(wsUrl), due: new Map(expected), wrong: 0, consistentAt: null };
            await new Promise<void>((resolve, reject) => {
              d.ws.once('error', reject);
              d.ws.once('open', () => {
                d.ws.send(JSON.stringify({ type: 'auth', token }));
                d.ws.send(JSON.stringify({ type: 'subscribe', id: 'tasks', topic: 'tasks' }));
              });
              d.ws.on('message', (data) => {
                const at = performance.now();
                const msg = JSON.parse(String(data)) as { type: string; row?: { id: string; due_date: Ymd | null } };
                if (msg.type === 'subscribed') resolve();
                else if (msg.type === 'error') reject(new Error(JSON.stringify(msg)));
                else if (msg.type === 'change' && msg.row) {
                  const want = expected.get(msg.row.id);
                  const was = d.due.get(msg.row.id) === want;
                  d.due.set(msg.row.id, msg.row.due_date);
                  const now = msg.row.due_date === want;
                  if (was && !now) d.wrong++;
                  if (!was && now) d.wrong--;
                  if (d.wrong === 0 && d.consistentAt === null) d.consistentAt = at;
                }
              });
            });
            open.push(d);
          }),
        );
      }

      const latencies: number[] = [];
      const requestMs: number[] = [];
      let live = LIVE;
      for (let m = 0; m < moves; m++) {
        const to = addWorkingDays(live, m % 2 === 0 ? 3 : -3, cal);
        const plan = replanTasks(tasks, live, to, cal, '2000-01-01');
        expected = new Map(tasks.map((t) => [t.id, plan.moves.find((x) => x.id === t.id)?.to ?? t.due_date]));
        for (const d of open) {
          d.wrong = [...expected].filter(([id, want]) => d.due.get(id) !== want).length;
          d.consistentAt = d.wrong === 0 ? performance.now() : null;
        }
        const sentAt = performance.now();
        await call('PATCH', `${server.url}/api/campaigns/${campaign.id}`, token, { live_date: to });
        requestMs.push(performance.now() - sentAt);
        await until(() => open.every((d) => d.consistentAt !== null), 60_000, `every dashboard to hold move ${m}'s due dates`);
        latencies.push(Math.max(...open.map((d) => d.consistentAt! - sentAt)));
        tasks = tasks.map((t) => ({ ...t, due_date: expected.get(t.id) ?? null }));
        live = to;
        await new Promise((r) => setTimeout(r, 100));
      }
      // The same PATCH on a campaign with no tasks: what the re-plan adds to the request.
      const bare = await call('POST', `${server.url}/api/campaigns`, token, { title: 'No tasks', planning_start_date: '2027-01-04', live_date: LIVE, channels: ['email'] });
      const bareMs: number[] = [];
      let bareLive = LIVE;
      for (let m = 0; m < moves; m++) {
        const to = addWorkingDays(bareLive, m % 2 === 0 ? 3 : -3, cal);
        const sentAt = performance.now();
        await call('PATCH', `${server.url}/api/campaigns/${bare.id}`, token, { live_date: to });
        bareMs.push(performance.now() - sentAt);
        bareLive = to;
      }
      const p95 = quantile(latencies, 0.95);
      ctx.log(`drop → ${dashboards} dashboards consistent: median ${round(median(latencies))} ms, p95 ${round(p95)} ms; PATCH median ${round(median(requestMs))} ms`);
      const rows: BenchRow[] = [
        {
          suite: 'replan',
          name: `drop → ${dashboards} dashboards consistent, ${TASKS} tasks re-planned, p95`,
          unit: 'ms',
          ours: round(p95),
          budget: { on: 'value', op: '<=', limit: 250 },
          detail: `${moves} moves; median ${round(median(latencies))} ms, max ${round(Math.max(...latencies))} ms`,
        },
        {
          suite: 'replan',
          name: `PATCH live_date re-planning ${TASKS} tasks (one request), median`,
          unit: 'ms',
          ours: round(median(requestMs)),
          detail: `p95 ${round(quantile(requestMs, 0.95))} ms`,
        },
        {
          suite: 'replan',
          name: 'PATCH live_date of a campaign with no tasks, median',
          unit: 'ms',
          ours: round(median(bareMs)),
          detail: `p95 ${round(quantile(bareMs, 0.95))} ms`,
        },
      ];
      return rows;
    } finally {
      for (const d of open) d.ws.terminate();
      await server.stop();
      await db.drop();
    }
  },
};
