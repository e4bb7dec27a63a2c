import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initials } from '../../app/lib/initials.ts';

describe('the avatar’s initials', () => {
  it('come from the first and last word of a name', () => {
    assert.equal(initials('Grace Brewster Hopper'), 'GH');
    assert.equal(initials('Ada'), 'A');
    assert.equal(initials('Jean-Luc Picard'), 'JP');
    assert.equal(initials('Ådne Øvrebø'), 'ÅØ');
  });

  it('come from the part of an address before the @, not from its domain', () => {
    assert.equal(initials('grace.hopper@example.com'), 'GH');
    assert.equal(initials('grace_brewster-hopper+work@mail.example.com'), 'GH');
    assert.equal(initials('grace@example.com'), 'G');
  });
});
