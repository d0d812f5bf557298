import path from 'node:path';
import { ensureProspectiveCsv } from '../import/generate.js';
import { oursOnce, pgCopyOnce, pgliteCopyOnce, type OursRun } from '../import/measure.js';
import { createScratchDatabase } from '../lib/pg.js';
import { repoRoot } from '../lib/server.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const SUITE = 'import';

const fmtRuns = (xs: number[]) => xs.map((x) => round(x, 0).toLocaleString('en-US')).join(', ');

/**
 * `cadence import prospective-publications` (the built CLI, validation and all, against a fresh
 * built server) against the database loading the same file with its own COPY, on PostgreSQL and
 * on PGlite; rows/s from the CLI's wall time, and the peak resident set of both processes.
 */
export const importSuite: Suite = {
  name: SUITE,
  description: 'cadence import of a prospective-publications CSV vs COPY of the same rows, PostgreSQL and PGlite',
  async run(ctx) {
    const rows = ctx.quick ? 2_000 : 100_000;
    const runs = ctx.quick ? 1 : 3;
    const { file, bytes } = ensureProspectiveCsv(path.join(repoRoot, 'bench/.work'), rows);
    ctx.log(`${rows.toLocaleString('en-US')} rows, ${round(bytes / 2 ** 20)} MiB, ${runs} run(s) each`);

    const check = (what: string, got: number) => {
      if (got !== rows) throw new Error(`${what} loaded ${got} rows, expected ${rows}`);
    };
    const pgPeer: number[] = [];
    const pgOurs: OursRun[] = [];
    const litePeer: number[] = [];
    const liteOurs: OursRun[] = [];
    for (let i = 0; i < runs; i++) {
      const a = await createScratchDatabase(ctx.pgAdminUrl, 'cadence_bench_import');
      try {
        const copy = await pgCopyOnce(file, a.url);
        check('PostgreSQL COPY', copy.rows);
        pgPeer.push(rows / copy.seconds);
      } finally {
        await a.drop();
      }
      const b = await createScratchDatabase(ctx.pgAdminUrl, 'cadence_bench_import');
      try {
        const ours = await oursOnce(file, b.url);
        check('cadence import (PostgreSQL)', ours.imported);
        pgOurs.push(ours);
      } finally {
        await b.drop();
      }
      ctx.log(
        `PostgreSQL run ${i + 1}: COPY ${round(pgPeer[i]!, 0)} rows/s; cadence import ${round(rows / pgOurs[i]!.seconds, 0)} rows/s ` +
          `(${round(pgOurs[i]!.seconds, 2)} s, CLI ${round(pgOurs[i]!.cliPeakMiB)} MiB, server ${round(pgOurs[i]!.serverPeakMiB)} MiB)`,
      );

      const liteCopy = await pgliteCopyOnce(file);
      check('PGlite COPY', liteCopy.rows);
      litePeer.push(rows / liteCopy.seconds);
      const lite = await oursOnce(file);
      check('cadence import (PGlite)', lite.imported);
      liteOurs.push(lite);
      ctx.log(
        `PGlite run ${i + 1}: COPY ${round(litePeer[i]!, 0)} rows/s; cadence import ${round(rows / lite.seconds, 0)} rows/s ` +
          `(${round(lite.seconds, 2)} s, CLI ${round(lite.cliPeakMiB)} MiB, server ${round(lite.serverPeakMiB)} MiB)`,
      );
    }

    const rate = (rs: OursRun[]) => rs.map((r) => rows / r.seconds);
    // Where our time went: the server's phases (median over the runs) and the rest of the CLI's wall time.
    const phases = (rs: OursRun[]) => {
      const names = Object.keys(rs[0]?.phases ?? {}).filter((k) => k !== 'total' && k !== 'commit');
      const parts = names.map((k) => `${k} ${round(median(rs.map((r) => r.phases[k] ?? 0)), 0)} ms`);
      const outside = median(rs.map((r) => r.seconds * 1000 - (r.phases.total ?? 0)));
      return `server: ${parts.join(', ')}; CLI start-up, upload and answer outside that ${round(outside, 0)} ms`;
    };
    const size = `${rows.toLocaleString('en-US')} rows (${round(bytes / 2 ** 20)} MiB)`;
    const cliPeak = pgOurs.map((r) => r.cliPeakMiB);
    const serverPeak = pgOurs.map((r) => r.serverPeakMiB);
    const result: BenchRow[] = [
      {
        suite: SUITE,
        name: `cadence import, ${size}, PostgreSQL`,
        unit: 'rows/s',
        ours: median(rate(pgOurs)),
        peer: { name: 'COPY FROM STDIN (csv)', value: median(pgPeer) },
        budget: { on: 'ratio', op: '>=', limit: 0.7 },
        detail: `median of ${runs}; ours ${fmtRuns(rate(pgOurs))} rows/s (CLI wall time, validation included); COPY ${fmtRuns(pgPeer)} rows/s; ${phases(pgOurs)}`,
      },
      {
        suite: SUITE,
        name: 'peak RSS during the import, CLI (PostgreSQL)',
        unit: 'MiB',
        ours: Math.max(...cliPeak),
        budget: { on: 'value', op: '<', limit: 300 },
        detail: `max of ${runs} (getrusage maxrss): ${cliPeak.map((x) => round(x)).join(', ')} MiB`,
      },
      {
        suite: SUITE,
        name: 'peak RSS during the import, server (PostgreSQL)',
        unit: 'MiB',
        ours: Math.max(...serverPeak),
        budget: { on: 'value', op: '<', limit: 300 },
        detail: `max of ${runs} (VmHWM): ${serverPeak.map((x) => round(x)).join(', ')} MiB`,
      },
      {
        suite: SUITE,
        name: `cadence import, ${size}, PGlite`,
        unit: 'rows/s',
        ours: median(rate(liteOurs)),
        peer: { name: "PGlite COPY FROM '/dev/blob' (csv)", value: median(litePeer) },
        budget: { on: 'ratio', op: '>=', limit: 0.65 },
        detail:
          `median of ${runs}; ours ${fmtRuns(rate(liteOurs))} rows/s; COPY ${fmtRuns(litePeer)} rows/s; ${phases(liteOurs)}; ` +
          `peak RSS CLI ${round(Math.max(...liteOurs.map((r) => r.cliPeakMiB)))} MiB, server ${round(Math.max(...liteOurs.map((r) => r.serverPeakMiB)))} MiB (PGlite in process)`,
      },
    ];
    return result;
  },
};
