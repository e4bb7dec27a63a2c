import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectError } from '../src/error-detection.ts';

const answer = (status: number, body: unknown, contentType: string | null = 'application/json', statusText = 'Bad Request') => ({
  status,
  statusText,
  contentType,
  body,
});

describe("the seed's error detection, in order", () => {
  it('1. an HTML answer is "HTML response", even with status 200 or an error field', () => {
    assert.equal(detectError(answer(200, '<!doctype html><p>hi</p>', 'text/html')), 'HTML response');
    assert.equal(detectError(answer(200, '<html>', null)), 'HTML response');
    assert.equal(detectError(answer(500, { error: 'x' }, 'text/html; charset=utf-8')), 'HTML response');
  });

  it("2. a body's error field wins over the status", () => {
    assert.equal(detectError(answer(401, { error: 'Invalid email and password', location: '/x' })), 'Invalid email and password');
    assert.equal(detectError(answer(200, { error: 'odd but an error' })), 'odd but an error');
  });

  it("3. status >= 400 gives the body's location, else the status text", () => {
    assert.equal(detectError(answer(400, { location: 'Your email could not be verified!' })), 'Your email could not be verified!');
    assert.equal(detectError(answer(503, {}, 'application/json', 'Service Unavailable')), 'Service Unavailable');
    assert.equal(detectError(answer(404, null, null, 'Not Found')), 'Not Found');
  });

  it('4. otherwise a nested error field anywhere in the body', () => {
    assert.equal(detectError(answer(200, { data: { items: [{ ok: 1 }, { error: 'deep' }] } })), 'deep');
  });

  it('finds nothing in a success', () => {
    assert.equal(detectError(answer(200, { data: { email: 'a@example.com' } })), undefined);
  });
});
