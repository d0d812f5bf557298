/** `concurrency` writers calling `write` until `seconds` have passed: writes per second. */
export async function writeRate(seconds: number, concurrency: number, write: (i: number) => Promise<unknown>): Promise<number> {
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await write(n++);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}
