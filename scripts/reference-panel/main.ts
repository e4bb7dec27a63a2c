// `npm run reference-panel -- --api-key KEY [--port 8090] [--api-url http://localhost:3000] [--user panel-user-1]`
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startReferencePanel } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    'api-key': { type: 'string' },
    'api-url': { type: 'string' },
    user: { type: 'string', default: 'panel-user-1' },
    dir: { type: 'string', default: fileURLToPath(new URL('../../web/build-panel/client/', import.meta.url)) },
  },
});
const apiKey = values['api-key'] ?? process.env.PANEL_API_KEY;
if (!apiKey) {
  console.error(
    'Missing --api-key: register this panel first with\n  npm run admin -- panel create --name "Reference panel" --platform cpanel --origin http://127.0.0.1:8090',
  );
  process.exit(1);
}
const port = Number(values.port);
await startReferencePanel({ port, dir: values.dir ?? '', apiKey, apiUrl: values['api-url'], defaultUser: values.user });
console.log(`Reference panel on http://127.0.0.1:${port}/ (panel user ${values.user})`);
