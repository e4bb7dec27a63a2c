import { buildApp } from './app.ts';
import { ConfigError, loadConfig, requireSharedSecretKey } from './config.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    config = loadConfig();
    requireSharedSecretKey(config);
    // buildApp refuses too what only the database can judge (another instance's SECRET_KEY).
    built = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { app, close, mailboxKey } = built;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // One start line, naming the address people use (PUBLIC_URL); the socket's address beside it
  // without a scheme, so it is not taken for a second address to open.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Gatehouse is running at ${config.publicUrl} (listening on ${address.replace(/^\w+:\/\//, '')})`,
  });
  // Its own line, naming the operators' address (ADMIN_URL when the admin listener is behind a proxy).
  await built.admin.listen({
    port: config.admin.port,
    host: config.admin.host,
    listenTextResolver: (address) =>
      `Operator console at ${config.admin.url ?? address}/console/ and admin API at ${config.admin.url ?? address}/admin/v1 (operators only)`,
  });
  // On the terminal only, never in the log: the link is the mailbox's key (decision 013).
  if (mailboxKey) console.log(`Development mailbox (this machine only): ${config.publicUrl}/dev/mailbox?key=${mailboxKey}`);
}

await main();
