// `npm run build:panel [-- --api-url URL]`: the web app for hosting panels. The folder it
// writes is copied as it is to `<panel origin>/templates/monitoring/spa/`; its
// runtime-config.js holds the settings an operator may change without rebuilding.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { panelConfigScript } from './reference-panel/panel-config.ts';

const { values } = parseArgs({ options: { 'api-url': { type: 'string', default: 'http://localhost:3000' } } });
const apiUrl = new URL(values['api-url'] ?? '').origin;

const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], {
  stdio: 'inherit',
  env: { ...process.env, GATEHOUSE_TARGET: 'panel' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const folder = fileURLToPath(new URL('../web/build-panel/client/', import.meta.url));
writeFileSync(`${folder}runtime-config.js`, panelConfigScript({ apiUrl }));
console.log(`\nPanel build ready: copy ${folder} to <panel origin>/templates/monitoring/spa/`);
console.log(`API: ${apiUrl} (edit runtime-config.js in the copied folder to change it)`);
