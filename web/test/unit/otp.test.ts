import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { otpDigits } from '../../app/lib/otp.ts';

describe('the one-time code field', () => {
  it('keeps the code of a paste, whatever surrounds it', () => {
    assert.equal(otpDigits('123 456'), '123456');
    assert.equal(otpDigits('Your code: 123-456.'), '123456');
    assert.equal(otpDigits(' 987654\n'), '987654');
  });

  it('keeps at most six digits and nothing else', () => {
    assert.equal(otpDigits('12345678'), '123456');
    assert.equal(otpDigits('12a3'), '123');
    assert.equal(otpDigits('abc'), '');
  });
});
