import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { AppError } from '../src/lib/errors.ts';
import { createLimits, ipKey, type Limits, limitDefaults } from '../src/lib/limits.ts';

// The limits keep real time (rate-limiter-flexible reads Date.now and sets timers), so these
// unit tests move the clock with node:test's mock timers instead of waiting an hour. The HTTP
// answers (429, Retry-After, same for every address) are tested in the route tests.
const minute = 60_000;

async function refusal(work: Promise<unknown>): Promise<number> {
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

  it('counts an app’s token calls against it only once the app has proved itself: strangers naming it spend nothing', async () => {
    const budget = limitDefaults.tokenRequestsPerClientPerMinute;
    // A stranger per call (the per-IP limit is not what this checks), never proving the app's secret.
    for (let i = 0; i < budget + 5; i += 1) await limits.tokenRequest(`10.1.${i >> 8}.${i & 255}`, 'app_victim');
    const count = await limits.tokenRequest('10.9.0.1', 'app_victim');
    await count();
    // The app's own calls count: past its budget it waits for the minute.
    for (let i = 1; i < budget; i += 1) await (await limits.tokenRequest(`10.8.${i >> 8}.${i & 255}`, 'app_victim'))();
    const wait = await refusal(limits.tokenRequest('10.9.0.2', 'app_victim'));
    assert.ok(wait > 0 && wait <= 60, `Retry-After ${wait}`);
  });

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

  it('gives a mail allowance back through the refund its send answered, and only that one', async () => {
    const refund = await limits.mailSend('verification', 'grace@example.com', '10.0.0.3');
    await refund();
    // Given back: the same minute allows one more, and only one.
    await limits.mailSend('verification', 'grace@example.com', '10.0.0.3');
    await refusal(limits.mailSend('verification', 'grace@example.com', '10.0.0.3'));
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

  it('gives an (address, IP) pair 10 code tries an hour, counted before the code is judged, then lets it try again', async () => {
    for (let i = 0; i < 10; i += 1) {
      await limits.codeTry(i % 2 ? 'Ada@example.com' : 'ada@example.com', '10.0.0.1');
      mock.timers.tick(minute);
    }
    const wait = await refusal(limits.codeTry('ada@example.com', '10.0.0.1'));
    assert.ok(wait > 0 && wait <= 3600 - 9 * 60, `Retry-After ${wait}`);
    await limits.codeTry('grace@example.com', '10.0.0.1');
    mock.timers.tick(wait * 1000);
    await limits.codeTry('ada@example.com', '10.0.0.1');
  });

  it('lets a stranger elsewhere use up only their own code tries, up to the higher per-address ceiling', async () => {
    // A stranger on other addresses uses up 20 tries of the address: the owner still has 10.
    for (let i = 0; i < 20; i += 1) await limits.codeTry('ada@example.com', `10.9.${i >> 2}.${i}`).catch(() => {});
    for (let i = 0; i < 10; i += 1) await limits.codeTry('ada@example.com', '10.0.0.1');
    // The address's own ceiling (30 an hour) holds whatever the client.
    await refusal(limits.codeTry('ada@example.com', '10.0.0.2'));
  });

  it('caps code tries per IP across addresses (verify-otp-email included)', async () => {
    for (let i = 0; i < 100; i += 1) await limits.codeTry(`user${i}@example.com`, '10.0.0.3');
    await refusal(limits.codeTry('one-more@example.com', '10.0.0.3'));
  });

  it('groups IPv6 clients by /64 for every per-IP limit, and IPv4-mapped addresses as IPv4', async () => {
    assert.equal(ipKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(ipKey('2001:db8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.equal(ipKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(ipKey('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(ipKey('10.1.2.3'), '10.1.2.3');
    // One host walking through its /64: 30 mails, then refused on a fresh address of the same /64.
    for (let i = 0; i < 30; i += 1) await limits.mailSend('verification', `six${i}@example.com`, `2001:db8:5:6::${(i + 1).toString(16)}`);
    await refusal(limits.mailSend('verification', 'six-more@example.com', '2001:db8:5:6:abcd::9'));
    await limits.mailSend('verification', 'six-more@example.com', '2001:db8:5:7::1');
  });

  it('pauses an address after 100 failed sign-ins from any clients, once, until cleared', async () => {
    for (let i = 1; i < 100; i += 1) assert.deepEqual(await limits.accountFailed('Ada@example.com'), { failures: i, tripped: false });
    assert.equal(await limits.accountPaused('ada@example.com'), false);
    assert.deepEqual(await limits.accountFailed('ada@example.com'), { failures: 100, tripped: true });
    assert.equal(await limits.accountPaused('ada@example.com'), true);
    assert.equal((await limits.accountFailed('ada@example.com')).tripped, false, 'trips once, not at every failure after');
    mock.timers.tick(19 * 24 * 60 * minute);
    assert.equal(await limits.accountPaused('ada@example.com'), true, 'no waiting it out: the owner resets the password');
    await limits.accountCleared('ada@example.com');
    assert.equal(await limits.accountPaused('ada@example.com'), false);
    assert.deepEqual(await limits.accountFailed('ada@example.com'), { failures: 1, tripped: false }, 'a new run starts from zero');
  });

  it('caps the delay at 15 minutes', async () => {
    const pair = ['ada@example.com', '10.0.0.1'] as const;
    for (let i = 0; i < 30; i += 1) await limits.signinFailed(...pair);
    assert.equal(await refusal(limits.signinAllowed(...pair)), 15 * 60);
  });
});
