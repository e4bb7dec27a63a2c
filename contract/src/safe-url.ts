// Security hardening: where an operator's setting becomes a link or a redirect (ROUTE_RULES,
// white-label URLs), only an https URL or a path on this site is taken. Browsers read "/\host"
// and "//host" as another site, run "javascript:" and skip tabs and newlines inside URLs.

/** A space, a backslash or a control character (code points 0-31 and 127). */
function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/u.test(char)) return true;
  }
  return false;
}

/** An absolute https URL without credentials, nothing else. */
export function isHttpsUrl(value: string): boolean {
  if (hasUnsafeCharacter(value) || !value.toLowerCase().startsWith('https://')) return false;
  const url = URL.parse(value);
  return url !== null && url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/**
 * A dashboard URL (where "Finish" and "Back to dashboard" go): https, or plain http on a loopback
 * host, which reaches only the person's own machine (a dashboard in development, the browser
 * suite's reference dashboard) and which browsers treat as a secure context (decision 049).
 */
export function isDashboardUrl(value: string): boolean {
  if (isHttpsUrl(value)) return true;
  if (hasUnsafeCharacter(value) || !value.toLowerCase().startsWith('http://')) return false;
  const url = URL.parse(value);
  const loopback = url !== null && (url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname));
  return loopback && url.protocol === 'http:' && url.username === '' && url.password === '';
}

/** A path on this site: one leading slash, never "//" or "/\", no control character or space. */
export function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !hasUnsafeCharacter(value);
}

/** A pending sign-in to one of the operator's apps (Gatehouse as its OpenID provider, decision 033). */
export function isAppSignInPath(value: string): boolean {
  return /^\/oidc\/interaction\/[\w-]{1,64}$/.test(value);
}
