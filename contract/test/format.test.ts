import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMessage, placeholdersOf } from '../src/format.ts';

const seconds = 'in {seconds, plural, one {# second} other {# seconds}}';
const russian = 'через {n, plural, one {# секунду} few {# секунды} many {# секунд} other {# секунды}}';

describe('message formatting', () => {
  it('fills plain placeholders and leaves unknown ones visible', () => {
    assert.equal(formatMessage('Sent to {email} by {brand}', { email: 'ada@example.com' }), 'Sent to ada@example.com by {brand}');
  });

  it('picks the plural form by the language’s rules', () => {
    assert.equal(formatMessage(seconds, { seconds: 1 }), 'in 1 second');
    assert.equal(formatMessage(seconds, { seconds: 5 }), 'in 5 seconds');
    assert.equal(formatMessage(seconds, { seconds: 0 }), 'in 0 seconds');
    assert.deepEqual(
      [1, 3, 5, 21, 22, 25].map((n) => formatMessage(russian, { n }, 'ru')),
      ['через 1 секунду', 'через 3 секунды', 'через 5 секунд', 'через 21 секунду', 'через 22 секунды', 'через 25 секунд'],
    );
  });

  it('prefers an exact =n branch, and keeps text around several blocks', () => {
    const text = '{a, plural, =0 {none} other {# left}} of {b, plural, one {# try} other {# tries}}, {who}';
    assert.equal(formatMessage(text, { a: 0, b: 1, who: 'you' }), 'none of 1 try, you');
    assert.equal(formatMessage(text, { a: 2, b: 3, who: 'you' }), '2 left of 3 tries, you');
  });

  it('leaves a plural block alone when its number is missing', () => {
    assert.equal(formatMessage(seconds, {}), seconds);
  });

  it('names the placeholders of plain and plural messages alike', () => {
    assert.deepEqual(placeholdersOf('{email} in {seconds, plural, one {# second} other {# seconds}} {email}'), ['email', 'seconds']);
  });
});
