import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumFlags } from './test/support/chromium.ts';
import { ports } from './test/support/ports.ts';

const port = ports.app;

// Debian's Chromium, never a downloaded browser; flags as this machine needs them. Its headless
// shell (package chromium-headless-shell, which .ci/run installs) is what Playwright itself runs
// headless: the same engine without the full browser around it, about a fifth less CPU for the
// same tests (decision 043). The full browser stands in where the shell is not installed.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: chromiumFlags,
};

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: '../artifacts/test-results',
  // Deadlines for a hang, not for speed: a passing test never waits for them, and a busy
  // machine (several suites at once) must not reach them by being slow.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Four browsers at a time on CI's two cores: a test spends about half its time waiting on the
  // server, mail, a render or an expect's next poll, so two left half the machine idle
  // (decision 043; E2E_WORKERS overrides). Every test runs on its own, in any order, on any
  // worker (decision 054): each uses its own accounts and is its own visitor, and the spec that
  // changes deployed files has a deployment of its own and runs its tests in order.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 4),
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
    // What a phone alone does (phone-*.spec.ts) runs on the phone only.
    { name: 'desktop', testIgnore: ['phone-*.spec.ts'], use: { viewport: { width: 1280, height: 800 } } },
    // A phone runs the states (every screen, one load each) and what only a phone has: the
    // journeys are the same at every viewport and run once, on the desktop (decision 054).
    {
      name: 'phone',
      testMatch: ['states.spec.ts', 'phone-*.spec.ts'],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
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
