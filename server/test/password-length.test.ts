import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { errorCatalogues, formatMessage, languages } from '@gatehouse/contract';
import { seedAccount, visitor } from './support/accounts.ts';
import { linkIn } from './support/smtp.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';

// The password message and the browser's check follow PASSWORD_MIN_LENGTH.
describe('PASSWORD_MIN_LENGTH=12', () => {
  let t: TestApp;
  before(async () => (t = await startBehindProxy({ env: { PASSWORD_MIN_LENGTH: '12' } })));
  after(() => t.stop());

  it('refuses an 11-character password with a message that says 12', async () => {
    const email = 'minimum@example.com';
    await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash('Old secret long 1') });
    assert.equal((await visitor(t).post('/user/init-password-reset', { email })).status, 200);
    const token = linkIn(await t.smtp.waitFor(email), `${t.url}/reset?`).searchParams.get('token') ?? '';
    const short = await visitor(t).post('/user/password-reset', { token, password: 'Elevenchars' });
    assert.equal(short.status, 400);
    assert.equal(short.json.code, 'validation.password_rule');
    assert.equal(
      short.json.error,
      'Your password must not be empty and should be at least 12 characters long, including lowercase, uppercase, numbers, or special characters',
    );
    // Under 8 the shared schema refuses first, with the same message and number.
    const tiny = await visitor(t).post('/user/password-reset', { token, password: 'Ab1!' });
    assert.match(tiny.json.error, /at least 12 characters/);
    assert.equal((await visitor(t).post('/user/password-reset', { token, password: 'Twelve chars' })).status, 200);
  });

  it('hands the browser its minimum in the runtime config', async () => {
    const script = await t.client().get('/runtime-config.js');
    assert.match(script.text, /"passwordMinLength":12/);
  });

  it('words the rule with the number in every language, and the seed’s English text with 8', () => {
    for (const language of languages) {
      const text = formatMessage(errorCatalogues[language]['validation.password_rule'], { min: 12 }, language);
      assert.match(text, /12/, language);
      assert.doesNotMatch(text, /\b8\b|\{min\}/, language);
    }
    assert.equal(
      formatMessage(errorCatalogues.en['validation.password_rule'], { min: 8 }),
      'Your password must not be empty and should be at least 8 characters long, including lowercase, uppercase, numbers, or special characters',
    );
  });
});
