import { type BrandView, isLanguage } from '@gatehouse/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { MailBrand } from '../../mail/templates.ts';
import { findBrandByHost } from './brand.repository.ts';

export const defaultBrandColor = '#2563eb';

/** Lower-cases and drops the port, so "Example.com:443" and "example.com" share a brand. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The white-label configuration of a host; unknown hosts get the default brand. */
export async function getBrand(db: DbOrTx, config: Pick<Config, 'brandName' | 'defaultLanguage'>, rawHost: string): Promise<BrandView> {
  const host = normalizeHost(rawHost);
  const brand = await findBrandByHost(db, host);
  return {
    host,
    brandName: brand?.brand_name ?? config.brandName,
    faviconUrl: brand?.favicon_url ?? null,
    logoUrl: brand?.logo_url ?? null,
    primaryColor: brand?.primary_color ?? null,
    supportUrl: brand?.support_url ?? null,
    dashboardUrl: brand?.dashboard_url ?? null,
    privacyUrl: brand?.privacy_url ?? null,
    termsUrl: brand?.terms_url ?? null,
    defaultLanguage: isLanguage(brand?.default_language) ? brand.default_language : config.defaultLanguage,
  };
}

export function mailBrand(brand: BrandView): MailBrand {
  return { name: brand.brandName, color: brand.primaryColor ?? defaultBrandColor };
}
