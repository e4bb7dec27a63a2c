// Security hardening: where an operator's setting becomes a link or a redirect (ROUTE_RULES,
// white-label URLs), only an https URL or a path on this site is taken. Browsers read "/\host"
// and "//host" as another site, run "javascript:" and skip tabs and newlines inside URLs.

const unsafeCharacters = /[\s\\\u0000-\u001f\u007f]/;

/** An absolute https URL without credentials, nothing else. */
export function isHttpsUrl(value: string): boolean {
  if (unsafeCharacters.test(value) || !value.toLowerCase().startsWith('https://')) return false;
  const url = URL.parse(value);
  return url !== null && url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** A path on this site: one leading slash, never "//" or "/\", no control character or space. */
export function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !unsafeCharacters.test(value);
}
