// Reads a V8 CPU profile (`node --cpu-prof`) and lists where the time went: self time by
// function, and by package (node_modules/<name>, our own source, Node's internals).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(server|contract|scripts)\/src\/(.*)$/.exec(url) ?? /\/(server|contract)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/**
 * `windowSeconds`: only the last seconds of the profile (the load, not the start-up before it:
 * loading modules, compiling schemas).
 */
export function summarizeProfile(file: string, windowSeconds?: number, top = 15): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const times: number[] = [];
  let at = 0;
  for (const delta of profile.timeDeltas) {
    at += delta;
    times.push(at);
  }
  const from = windowSeconds === undefined ? -Infinity : at - windowSeconds * 1e6;
  profile.samples.forEach((id, i) => {
    if ((times[i] ?? 0) >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = packageOf(url);
    const name = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${((micros / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `self time, ${(total / 1e6).toFixed(1)} s sampled\nby package:\n${rows(byPackage)}\nby function:\n${rows(byFunction)}`;
}
