import type { BrandView } from '@gatehouse/contract';
import type { Deps } from '../../deps.ts';

/**
 * "Finish" and "Back to dashboard": when the brand's dashboard is one of the registered apps
 * with an initiate-login URI (on the dashboard's origin), they go there instead, with the
 * issuer, so the app starts a sign-in that Gatehouse answers at once: the person arrives
 * signed in (OpenID Connect Core, section 4).
 */
export async function dashboardHandOff(deps: Pick<Deps, 'db' | 'config'>, brand: BrandView): Promise<BrandView> {
  if (!brand.dashboardUrl) return brand;
  const publicUrl = new URL(deps.config.publicUrl);
  const ownHost = brand.host === publicUrl.hostname;
  const rows = await deps.db
    .selectFrom('oidc_clients')
    .select('initiate_login_uri')
    .where('revoked_at', 'is', null)
    .where('initiate_login_uri', 'is not', null)
    .where('host', ownHost ? 'is' : '=', ownHost ? null : brand.host)
    .orderBy('created_at')
    .execute();
  const dashboard = new URL(brand.dashboardUrl).origin;
  const uri = rows.map((row) => row.initiate_login_uri ?? '').find((value) => new URL(value).origin === dashboard);
  if (!uri) return brand;
  const target = new URL(uri);
  target.searchParams.set('iss', ownHost ? publicUrl.origin : `https://${brand.host}`);
  return { ...brand, dashboardUrl: target.href };
}
