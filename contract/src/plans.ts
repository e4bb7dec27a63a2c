/** The service's license plans and what each includes. `null` means agreed per contract. */
export const plans = {
  pro: { servers: 10, websites: 50 },
  business: { servers: 50, websites: 250 },
  enterprise: { servers: 250, websites: 1000 },
  flexible: { servers: null, websites: null },
} as const satisfies Record<string, { servers: number | null; websites: number | null }>;

export type Plan = keyof typeof plans;
export const planNames = Object.keys(plans) as Plan[];

export const licenseKinds = ['standalone', 'platform'] as const;
export type LicenseKind = (typeof licenseKinds)[number];
export const licenseStatuses = ['available', 'active', 'revoked', 'expired'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

/** GH-XXXX-XXXX-XXXX-XXXX in Crockford base32 (no I, L, O, U): 80 random bits. */
export const licenseKeyPattern = /^GH-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** Accepts keys typed in lower case, with spaces, or with look-alike letters. */
export function normalizeLicenseKey(raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const body = compact.startsWith('GH') ? compact.slice(2) : compact;
  return `GH-${body.match(/.{1,4}/g)?.join('-') ?? ''}`;
}
