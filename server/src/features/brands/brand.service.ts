import { type BrandView, isDashboardUrl, isHttpsUrl, languageOr } from '@gatehouse/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { BrandsTable } from '../../db/schema.ts';
import type { MailBrand } from '../../mail/templates.ts';
import { findBrandByHost, upsertBrand } from './brand.repository.ts';

export const defaultBrandColor = '#2563eb';

/** Lower-cases and drops the port, so "Example.com:443" and "example.com" share a brand. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** A stored brand URL goes out only if it is https (rows saved before the CLI checked them included); a dashboard may also be on loopback. */
const httpsOrNull = (value: string | null | undefined) => (value && isHttpsUrl(value) ? value : null);

/** The white-label configuration of a host; unknown hosts get the default brand. */
export async function getBrand(
  db: DbOrTx,
  config: Pick<Config, 'brandName' | 'defaultLanguage' | 'brandUrls'>,
  rawHost: string,
): Promise<BrandView> {
  const host = normalizeHost(rawHost);
  const brand = await findBrandByHost(db, host);
  // A white-label host shows its own links only; every other host, the operator's from the environment.
  if (!brand) return { ...defaultBrandOf(config), host };
  return {
    host,
    brandName: brand?.brand_name ?? config.brandName,
    faviconUrl: httpsOrNull(brand?.favicon_url),
    logoUrl: httpsOrNull(brand?.logo_url),
    primaryColor: brand?.primary_color && /^#[0-9a-fA-F]{6}$/.test(brand.primary_color) ? brand.primary_color : null,
    supportUrl: httpsOrNull(brand?.support_url),
    dashboardUrl: brand?.dashboard_url && isDashboardUrl(brand.dashboard_url) ? brand.dashboard_url : null,
    privacyUrl: httpsOrNull(brand?.privacy_url),
    termsUrl: httpsOrNull(brand?.terms_url),
    defaultLanguage: languageOr(brand?.default_language, config.defaultLanguage),
  };
}

function defaultBrandOf(config: Pick<Config, 'brandName' | 'defaultLanguage' | 'brandUrls'>): BrandView {
  return {
    host: '',
    brandName: config.brandName,
    faviconUrl: null,
    logoUrl: null,
    primaryColor: null,
    ...config.brandUrls,
    defaultLanguage: config.defaultLanguage,
  };
}

export function mailBrand(brand: BrandView): MailBrand {
  return { name: brand.brandName, color: brand.primaryColor ?? defaultBrandColor };
}

/** Creates or replaces the white-label brand of a host (the admin CLI). */
export function saveBrand(db: DbOrTx, brand: BrandsTable): Promise<void> {
  return upsertBrand(db, brand);
}
