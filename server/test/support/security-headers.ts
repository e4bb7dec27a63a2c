import assert from 'node:assert/strict';

/**
 * The headers docs/security-targets.md wants on every answer: a CSP without inline scripts (but hashed ones)
 * that forbids plugins, <base> and framing; HSTS; nosniff; a Referrer-Policy; no X-Powered-By;
 * and, on API (JSON) answers, Cache-Control: no-store.
 */
export function assertSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    assert.ok(csp.includes(directive), `${what}: ${directive} in "${csp}"`);
  }
  const scripts = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  assert.match(scripts, /'self'/, `${what}: script-src`);
  assert.doesNotMatch(scripts, /unsafe-inline|unsafe-eval|\*|data:/, `${what}: no inline scripts but hashed ones`);
  assert.match(headers.get('strict-transport-security') ?? '', /max-age=31536000/, `${what}: HSTS`);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', `${what}: nosniff`);
  assert.ok(headers.get('referrer-policy'), `${what}: Referrer-Policy`);
  assert.equal(headers.get('x-powered-by'), null, `${what}: X-Powered-By`);
  if ((headers.get('content-type') ?? '').startsWith('application/json')) {
    assert.equal(headers.get('cache-control'), 'no-store', `${what}: an API answer is not cached`);
  }
}
