import { ssoProviders } from '@gatehouse/contract';
import type { Config } from '../../config.ts';
import type { SsoProvider } from '../../db/schema.ts';
import { OidcClient } from './oidc-client.ts';

/** The OpenID providers this deployment has credentials for; discovery is lazy and cached. */
export class SsoProviders {
  readonly #clients = new Map<SsoProvider, OidcClient>();

  constructor(config: Config, now: () => number) {
    for (const provider of ssoProviders) {
      const settings = config.sso[provider];
      if (settings) this.#clients.set(provider, new OidcClient({ provider, ...settings }, config.ssoTimeoutMs, now));
    }
  }

  get(provider: SsoProvider): OidcClient | undefined {
    return this.#clients.get(provider);
  }

  /** Those with a client id and secret: the buttons the web app shows. */
  configured(): SsoProvider[] {
    return ssoProviders.filter((provider) => this.#clients.has(provider));
  }
}
