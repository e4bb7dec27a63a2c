/**
 * The path of a request as logs may show it: no query string (tokens travel there) and no
 * license key (a key in /redeem/… or /license/… is as good as the license itself). A key
 * anywhere else in a path (a mistyped URL) is masked too. An invitation's token (GET
 * /invitations/{token}) is as good as the invitation.
 */
export function logPath(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  return path
    .replace(/^\/invitations\/[^/]+/, '/invitations/:token')
    .replace(/\/(redeem|license)\/(?!activate(?:$|\/))[^/]+/gi, '/$1/:license')
    .replace(/GH(?:-|%2D)[0-9A-Z%-]{4,}/gi, 'GH-****');
}
