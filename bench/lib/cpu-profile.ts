/**
 * A `node --cpu-prof` profile summed by where its time went: each sample's own function (self
 * time) charged to the server's source file it was built from (through dist's source maps), to
 * the npm package, or to Node's own module it belongs to. Shares within one process hardly move
 * when other work shares the machine, which rates do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

interface Profile {
  endTime: number;
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  where: string;
  ms: number;
  share: number;
  /** The heaviest functions charged here, with their own ms. */
  top: Array<{ name: string; ms: number }>;
}

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file)!;
}

/** Where one frame's code lives, as a reader would name it. */
export function placeOf(frame: ProfileNode['callFrame'], repoRoot: string): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:')) {
    const name = url.slice('node:'.length).replace(/^internal\//, '');
    return `node: ${name.split('/')[0]!.replace(/^_/, '').replace(/_.*$/, '')}`;
  }
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inModules = file.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const rest = file.slice(inModules + '/node_modules/'.length).split('/');
    return `npm: ${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const map = sourceMapOf(file);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string } | undefined;
  if (entry?.originalSource) {
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
    const relative = path.relative(repoRoot, source);
    const modules = relative.lastIndexOf('node_modules/');
    return modules >= 0 ? `npm: ${relative.slice(modules + 'node_modules/'.length).split('/').slice(0, relative.includes('/@') ? 2 : 1).join('/')}` : relative;
  }
  return path.relative(repoRoot, file);
}

/**
 * Self time by place, heaviest first; `(idle)` is left out of the shares. `lastSeconds` keeps only
 * the samples of the profile's last seconds (the measured load, not start-up or the warm-up).
 */
export function summariseProfile(file: string, repoRoot: string, lastSeconds = Number.POSITIVE_INFINITY): { busyMs: number; places: ProfileShare[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const from = profile.endTime - lastSeconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const places = new Map<string, { us: number; fns: Map<string, number> }>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const where = placeOf(node.callFrame, repoRoot);
    if (where === '(idle)' || where === '(root)') continue;
    const p = places.get(where) ?? { us: 0, fns: new Map() };
    p.us += us;
    const fn = node.callFrame.functionName || '(anonymous)';
    p.fns.set(fn, (p.fns.get(fn) ?? 0) + us);
    places.set(where, p);
  }
  const busyUs = [...places.values()].reduce((sum, p) => sum + p.us, 0);
  return {
    busyMs: busyUs / 1000,
    places: [...places]
      .map(([where, p]) => ({
        where,
        ms: p.us / 1000,
        share: p.us / busyUs,
        top: [...p.fns].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, us]) => ({ name, ms: us / 1000 })),
      }))
      .sort((a, b) => b.ms - a.ms),
  };
}
