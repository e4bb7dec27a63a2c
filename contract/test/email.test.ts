import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeEmail } from '../src/email.ts';

describe('normalizeEmail', () => {
  it('trims, lower-cases the domain only, and encodes it with IDNA', () => {
    assert.deepEqual(normalizeEmail('  John.Doe@Example.COM '), { ok: true, email: 'John.Doe@example.com' });
    assert.deepEqual(normalizeEmail('info@Bücher.de'), { ok: true, email: 'info@xn--bcher-kva.de' });
    assert.deepEqual(normalizeEmail('a+tag@sub.example.co.uk'), { ok: true, email: 'a+tag@sub.example.co.uk' });
  });

  for (const bad of [
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@localhost',
    'a..b@example.com',
    '.a@example.com',
    'a@example..com',
    'a b@example.com',
    'a@exa mple.com',
    'a@[127.0.0.1]',
    'a@127.0.0.1',
    'a@-example.com',
    'jösé@example.com',
    `${'a'.repeat(65)}@example.com`,
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      assert.deepEqual(normalizeEmail(bad), { ok: false, code: 'validation.email_invalid' });
    });
  }

  it('refuses CR/LF and other control characters (header injection)', () => {
    for (const bad of ['a@example.com\r\nBcc: x@evil.com', 'a@example.com\n', 'a\u0000@example.com', 'a@exam\u200bple.com']) {
      assert.equal(normalizeEmail(bad).ok, false, JSON.stringify(bad));
    }
  });

  it('refuses look-alike domains that mix alphabets', () => {
    // "pаypal" with a Cyrillic а.
    assert.deepEqual(normalizeEmail('me@p\u0430ypal.com'), { ok: false, code: 'validation.email_lookalike' });
    assert.equal(normalizeEmail('me@пример.рф').ok, true, 'a wholly Cyrillic domain is fine');
    assert.equal(normalizeEmail('me@日本語ドメイン.jp').ok, true, 'Japanese mixes Han and Katakana legitimately');
  });
});
