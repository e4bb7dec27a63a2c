import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPassword, emailFragmentIn, passwordLength } from '../src/password.ts';

describe('password rule', () => {
  it('needs 8 code points and no composition', () => {
    assert.equal(checkPassword(''), 'validation.password_rule');
    assert.equal(checkPassword('1234567'), 'validation.password_rule');
    assert.equal(checkPassword('abcdefgh'), undefined);
    assert.equal(checkPassword('ääääääää'), undefined);
  });

  it('counts code points after NFKC, so emoji and composed letters count once', () => {
    assert.equal(passwordLength('😀😀😀😀'), 4);
    assert.equal(passwordLength('e\u0301'), 1);
    assert.equal(passwordLength('ﬁ'), 2, 'the ligature becomes "fi" under NFKC');
    assert.equal(checkPassword('😀😀😀😀😀😀😀'), 'validation.password_rule');
    assert.equal(checkPassword('😀😀😀😀😀😀😀😀'), undefined);
  });

  it('allows 128 and refuses 129 without truncating', () => {
    assert.equal(checkPassword('x'.repeat(128)), undefined);
    assert.equal(checkPassword('x'.repeat(129)), 'validation.password_too_long');
  });

  it("refuses a password containing the e-mail's local part, in any case", () => {
    assert.equal(checkPassword('my-JohnDoe-pass', { email: 'johndoe@example.com' }), 'validation.password_contains_email');
    assert.equal(checkPassword('joanna-secret', { email: 'jo@example.com' }), undefined, 'two-letter local parts are ignored');
  });

  it('judges only the parts of the address long enough to matter', () => {
    assert.equal(checkPassword('lin secret pass', { email: 'lin@example.com' }), undefined, 'a 3-letter local part is in too many words');
    assert.equal(checkPassword('canada lemonade', { email: 'ada@example.com' }), undefined);
    assert.equal(checkPassword('my Adam-Smith pass', { email: 'adam@example.com' }), 'validation.password_contains_email');
    assert.equal(checkPassword('ada.lovelace-1815', { email: 'ada.lovelace@example.com' }), 'validation.password_contains_email');
    assert.equal(emailFragmentIn('x-Grace.Hopper-x', 'grace.hopper@example.com'), 'grace.hopper');
    assert.equal(emailFragmentIn('lin secret pass', 'lin@example.com'), undefined);
  });

  it('honours a configured minimum', () => {
    assert.equal(checkPassword('abcdefghij', { minLength: 12 }), 'validation.password_rule');
  });
});
