import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { AppError } from '../src/lib/errors.ts';
import { createLimits, type Limits } from '../src/lib/limits.ts';

// The limits keep real time (rate-limiter-flexible reads Date.now and sets timers), so these
// unit tests move the clock with node:test's mock timers instead of waiting an hour. The HTTP
// answers (429, Retry-After, same for every address) are tested in the route tests.
const minute = 60_000;

async function refusal(work: Promise<void>): Promise<number> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof AppError && error.status === 429 && error.code === 'rate.limited', String(error));
    return error.options.retryAfter ?? 0;
  }
  assert.fail('expected a refusal');
}

describe('rate limits', () => {
  let limits: Limits;
  beforeEach(() => {
    mock.timers.enable({ apis: ['Date', 'setTimeout'], now: Date.parse('2026-01-01T00:00:00Z') });
    limits = createLimits();
  });
  afterEach(() => mock.timers.reset());

  it('sends one mail a minute and five an hour per address, even after each minute has passed', async () => {
    const send = () => limits.mailSend('verification', 'ada@example.com', '10.0.0.1');
    await send();
    const wait = await refusal(send());
    assert.ok(wait > 0 && wait <= 60, `Retry-After ${wait}`);
    for (let sent = 2; sent <= 5; sent += 1) {
      mock.timers.tick(minute + 1000);
      await send();
    }
    mock.timers.tick(minute + 1000);
    const hourly = await refusal(send());
    assert.ok(hourly > 60 && hourly <= 3600, `the 6th waits for the hour, Retry-After ${hourly}`);
    mock.timers.tick(hourly * 1000);
    await send();
  });

  it('counts an address whatever its case, and each purpose on its own', async () => {
    await limits.mailSend('verification', 'Ada@example.com', '10.0.0.1');
    await refusal(limits.mailSend('verification', 'ada@EXAMPLE.com', '10.0.0.2'));
    await limits.mailSend('reset', 'ada@example.com', '10.0.0.1');
  });

  it('caps the mail one IP can trigger across addresses', async () => {
    for (let i = 0; i < 30; i += 1) await limits.mailSend('verification', `user${i}@example.com`, '10.0.0.9');
    await refusal(limits.mailSend('verification', 'one-more@example.com', '10.0.0.9'));
    await limits.mailSend('verification', 'one-more@example.com', '10.0.0.10');
  });

  it('makes an (account, IP) pair wait after 10 failures, longer each time, and never for good', async () => {
    const pair = ['ada@example.com', '10.0.0.1'] as const;
    for (let i = 0; i < 9; i += 1) {
      await limits.signinAllowed(...pair);
      await limits.signinFailed(...pair);
    }
    await limits.signinAllowed(...pair);
    await limits.signinFailed(...pair);
    assert.equal(await refusal(limits.signinAllowed(...pair)), 5, 'the 10th failure costs 5 s');
    await limits.signinAllowed('grace@example.com', '10.0.0.1');
    await limits.signinAllowed('ada@example.com', '10.0.0.2');

    mock.timers.tick(5_000);
    await limits.signinAllowed(...pair);
    await limits.signinFailed(...pair);
    assert.equal(await refusal(limits.signinAllowed(...pair)), 10, 'the 11th costs 10 s');

    mock.timers.tick(10_000);
    await limits.signinSucceeded(...pair);
    for (let i = 0; i < 9; i += 1) await limits.signinFailed(...pair);
    await limits.signinAllowed(...pair);
  });

  it('gives an address 10 wrong codes an hour, whatever happens in between, then lets it try again', async () => {
    for (let i = 0; i < 10; i += 1) {
      await limits.codeAllowed('Ada@example.com');
      await limits.codeFailed('ada@example.com');
      mock.timers.tick(minute);
    }
    const wait = await refusal(limits.codeAllowed('ada@example.com'));
    assert.ok(wait > 0 && wait <= 3600 - 9 * 60, `Retry-After ${wait}`);
    await limits.codeAllowed('grace@example.com');
    mock.timers.tick(wait * 1000);
    await limits.codeAllowed('ada@example.com');
  });

  it('caps the delay at 15 minutes', async () => {
    const pair = ['ada@example.com', '10.0.0.1'] as const;
    for (let i = 0; i < 30; i += 1) await limits.signinFailed(...pair);
    assert.equal(await refusal(limits.signinAllowed(...pair)), 15 * 60);
  });
});
