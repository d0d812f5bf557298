/** One status line on a terminal, rewritten at most ten times a second; silent when not a TTY. */
export interface Progress {
  update(text: string): void;
  done(text?: string): void;
}

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let shown = false;
  const show = (text: string) => {
    const width = Math.max(20, (stream.columns ?? 80) - 1);
    stream.write(`\r\x1b[2K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    shown = true;
  };
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      show(text);
    },
    done(text) {
      if (text) show(text);
      if (shown) stream.write('\n');
      shown = false;
    },
  };
}

export const silentProgress: Progress = { update() {}, done() {} };

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
