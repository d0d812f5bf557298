import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

/** A bar on a terminal; plain "label: n/total" lines (every 10 %) in logs and pipes. */
export function startProgress(label: string, total: number, tty = !!process.stderr.isTTY): Progress {
  if (tty) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {percentage}% {value}/{total}`, stream: process.stderr, hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { update: (n) => bar.update(n), stop: () => bar.stop() };
  }
  let lastDecile = -1;
  const print = (n: number) => {
    const decile = total ? Math.floor((n / total) * 10) : 10;
    if (decile === lastDecile) return;
    lastDecile = decile;
    process.stderr.write(`${label}: ${n}/${total}\n`);
  };
  print(0);
  return { update: print, stop: () => print(total) };
}
