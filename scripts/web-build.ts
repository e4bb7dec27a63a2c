// `npm run build` (web workspace): React Router's build, then the pages' script start moved after
// their first paint (scripts/defer-scripts.ts; GATEHOUSE_PAINT_FIRST=0 leaves the pages as React
// Router wrote them), then a brotli and a gzip copy of every
// text file, then the build stamp `npm start` checks (standalone build only). The stamp is
// taken before building, so a file edited during the build makes the next start build again.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot, sourceStamp, writeStamp } from './build-stamp.ts';
import { compressFolder } from './compress-build.ts';
import { deferFolderScripts } from './defer-scripts.ts';

const panel = process.env.GATEHOUSE_TARGET === 'panel';
const stamp = panel ? undefined : sourceStamp();

const build = spawnSync('npx', ['react-router', 'build'], { cwd: join(repoRoot, 'web'), stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dir = join(repoRoot, 'web', panel ? 'build-panel' : 'build', 'client');
// The prerendered pages request their scripts only after their first paint
// (docs/decisions/023-web-weight-and-first-paint.md); GATEHOUSE_PAINT_FIRST=0 opts out.
if (!panel && process.env.GATEHOUSE_PAINT_FIRST !== '0')
  console.log(`Scripts start after the first paint on ${deferFolderScripts(dir)} pages`);
const result = await compressFolder(dir);
console.log(
  `Compressed ${result.files} files: ${(result.bytes / 1024).toFixed(0)} KB, ${(result.brotli / 1024).toFixed(0)} KB as brotli (and a gzip copy of each)`,
);
if (stamp) writeStamp(stamp);
