/**
 * What the build scripts and the reference panel use of the server: how it finds the built
 * pages and their text parts, and which compression a request accepts. The server's one public
 * export (`@gatehouse/server/pages`), so that `npm run build` loads no test support (an SMTP
 * listener, a mail parser, test OpenID providers: dev dependencies) and the server's other files
 * can move freely.
 */
export { builtPages } from './http/built-pages.ts';
export { negotiateEncoding } from './http/page-delivery.ts';
export { pageTextFiles } from './http/page-texts.ts';
