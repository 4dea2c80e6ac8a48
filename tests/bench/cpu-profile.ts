import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a server process's CPU went, from the .cpuprofile V8 writes with `node --cpu-prof`
 * (`npm run bench -- --load --profile`): self time by package (node_modules/<name>, our bundled
 * server, Node's own modules, the garbage collector) and the functions that spent most.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The newest .cpuprofile in `dir`, if any. */
export function newestProfile(dir: string): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f));
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

/** The part of a frame's URL that says whose code it is. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes('dist/server/')) return 'server (bundled)';
  return url;
}

/** Lines to print: self time by owner, then the `top` functions by self time. */
export function summariseProfile(file: string, top = 20): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    total += us;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const name = `${functionName || '(anonymous)'}  ${owner}${url ? `:${String(lineNumber + 1)}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const share = (us: number) =>
    `${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / Math.max(1, total)).toFixed(1).padStart(5)}%`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return [
    `busy (not idle) ${(total / 1000).toFixed(0)} ms; self time by whose code:`,
    ...sorted(owners)
      .slice(0, 15)
      .map(([owner, us]) => `  ${share(us)}  ${owner}`),
    `the ${String(top)} functions with most self time:`,
    ...sorted(functions)
      .slice(0, top)
      .map(([name, us]) => `  ${share(us)}  ${name}`),
    `the ${String(top)} functions of our server with most inclusive time (themselves and what they call):`,
    ...sorted(inclusiveTime(profile, byId, selfUs))
      .slice(0, top)
      .map(([name, us]) => `  ${share(us)}  ${name}`),
  ];
}

/**
 * Inclusive time of our bundled server's functions: each sample's time counts once for every
 * distinct function on its stack (a recursive function is not counted twice).
 */
function inclusiveTime(
  profile: CpuProfile,
  byId: Map<number, ProfileNode>,
  selfUs: Map<number, number>,
): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const leaf = byId.get(id)!.callFrame.functionName;
    if (leaf === '(idle)' || leaf === '(program)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!url.includes('dist/server/')) continue;
      const name = `${functionName || '(anonymous)'}:${String(lineNumber + 1)}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  return inclusive;
}
