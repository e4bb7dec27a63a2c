import { defineConfig } from '@playwright/test';
import { ports } from './test/support/ports.ts';

const port = ports.app;

// Debian's Chromium, never a downloaded browser; flags as this machine needs them.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: '../artifacts/test-results',
  // Deadlines for a hang, not for speed: a passing test never waits for them, and a busy
  // machine (several suites at once) must not reach them by being slow.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Two browsers at a time (CI has two cores; much of a test's time is spent waiting on the
  // server, mail or a render rather than computing): a spec file runs in one worker, tests in
  // order, unless it says its tests are independent (the galleries, one test per language).
  // Nothing a test changes on the shared server reaches another's pages: each test uses its own
  // accounts, and the spec that changes deployed files has a deployment of its own.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The list as it runs; and every test's time, for finding where the suite's time goes.
  reporter: [['list'], ['json', { outputFile: '../artifacts/e2e-times.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    locale: 'en-US',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    command: 'node test/support/e2e-server.ts',
    // The control port opens last, once every server of the e2e run (the panels, the dashboard) listens.
    url: `http://127.0.0.1:${ports.control}/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      E2E_PORT: String(port),
      ROUTE_RULES: JSON.stringify([
        { from: '/old-signup', to: '/signup', status: 301 },
        { from: '/help/*', to: 'https://help.example.test/', status: 302 },
      ]),
    },
    stdout: 'pipe',
  },
});
