// Preloaded into a measured process (`node --require …`): at exit, writes its peak resident set
// (getrusage ru_maxrss, KiB) to $BENCH_RSS_OUT, so a short-lived CLI's peak is never missed.
const { writeFileSync } = require('node:fs');
const out = process.env.BENCH_RSS_OUT;
if (out) process.on('exit', () => writeFileSync(out, String(process.resourceUsage().maxRSS)));
