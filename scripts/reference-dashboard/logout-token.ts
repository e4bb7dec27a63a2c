import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

const backChannelEvent = 'http://schemas.openid.net/event/backchannel-logout';

/** Whom a verified logout token signs out: the provider session (`sid`), or else every session of `sub`. */
export interface LogoutTarget {
  sid?: string;
  sub?: string;
}

export class LogoutTokenError extends Error {}

/**
 * Checks a back-channel logout token as OpenID Connect Back-Channel Logout 1.0 (section 2.6)
 * asks: signed by a key of the provider's JWKS, from the issuer, for this client, recent, with
 * the logout event, a `sid` or a `sub`, and no `nonce` (so an ID token cannot pass for one).
 */
export function logoutTokenVerifier(options: { issuer: string; clientId: string; jwksUri: URL; algorithms: string[] }) {
  const jwks = createRemoteJWKSet(options.jwksUri);
  return async (token: string): Promise<LogoutTarget> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.clientId,
        algorithms: options.algorithms,
        requiredClaims: ['iat', 'jti'],
        maxTokenAge: '10 minutes',
      }));
    } catch (error) {
      throw new LogoutTokenError(`logout token refused: ${(error as Error).message}`);
    }
    const events = payload.events as Record<string, unknown> | undefined;
    const event = events?.[backChannelEvent];
    if (!event || typeof event !== 'object') throw new LogoutTokenError('logout token refused: no back-channel logout event');
    if ('nonce' in payload) throw new LogoutTokenError('logout token refused: it carries a nonce');
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (!sid && !payload.sub) throw new LogoutTokenError('logout token refused: neither sid nor sub');
    return { sid, sub: payload.sub };
  };
}
