import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screenPattern } from '../../app/lib/screen-pattern.ts';

describe('the screen analytics records', () => {
  it('is the route pattern of a screen with a parameter: a license key never leaves the page', () => {
    assert.equal(screenPattern('/redeem/GH-ABCD-EFGH-JKMN-PQRS'), '/redeem/:license');
    assert.equal(screenPattern('/de/redeem/GH-ABCD-EFGH-JKMN-PQRS'), '/redeem/:license');
    assert.equal(screenPattern('/redeem/gh-abcd-efgh-jkmn-pqrs/'), '/redeem/:license');
  });

  it('is the path of other screens, without the language prefix', () => {
    assert.equal(screenPattern('/login'), '/login');
    assert.equal(screenPattern('/ja/signup-process'), '/signup-process');
    assert.equal(screenPattern('/de'), '/');
    assert.equal(screenPattern('/'), '/');
  });
});
