// `npm run reference-dashboard -- --client-id ID --client-secret SECRET [--issuer http://localhost:3000] [--port 8091]`
import { parseArgs } from 'node:util';
import { startReferenceDashboard } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8091' },
    issuer: { type: 'string', default: 'http://localhost:3000' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
  },
});
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const clientId = values['client-id'] ?? process.env.DASHBOARD_CLIENT_ID;
const clientSecret = values['client-secret'] ?? process.env.DASHBOARD_CLIENT_SECRET;
if (!clientId || !clientSecret) {
  console.error(
    `Missing --client-id or --client-secret: register this dashboard first with\n  npm run admin -- client create --name "Monitoring dashboard" --redirect-uri ${origin}/callback --initiate-login-uri ${origin}/login --post-logout-redirect-uri ${origin}/`,
  );
  process.exit(1);
}
await startReferenceDashboard({ port, issuer: values.issuer ?? '', clientId, clientSecret });
console.log(`Reference dashboard on ${origin}/ (signs in with ${values.issuer}; back-channel logout at ${origin}/backchannel-logout)`);
