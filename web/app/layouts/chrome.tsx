import { BrandMark } from '../components/brand-mark.tsx';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { useBrand } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n.tsx';

/** The brand's favicon and the page description, wherever a layout renders (React puts both in the head). */
export function BrandHead() {
  const brand = useBrand();
  const { t } = useI18n();
  return (
    <>
      <meta name="description" content={t('meta.description', { brand: brand.brandName })} />
      {brand.faviconUrl ? (
        <link rel="icon" href={brand.faviconUrl} />
      ) : (
        <link rel="icon" href={`${import.meta.env.BASE_URL}favicon.svg`} type="image/svg+xml" />
      )}
    </>
  );
}

export function brandStyle(color: string | null): React.CSSProperties | undefined {
  return color ? ({ '--brand': color } as React.CSSProperties) : undefined;
}

export function TopBar({ inverted = false }: { inverted?: boolean }) {
  return (
    <div className="topbar">
      <BrandMark inverted={inverted} />
      <LanguageSwitcher />
    </div>
  );
}

export function Footer() {
  const { t } = useI18n();
  const brand = useBrand();
  return (
    <footer className="footer">
      <span>© {brand.brandName}</span>
      <nav aria-label={brand.brandName}>
        {brand.dashboardUrl && <a href={brand.dashboardUrl}>{t('common.backToDashboard')}</a>}
        {brand.supportUrl && <a href={brand.supportUrl}>{t('common.supportCentre')}</a>}
        {brand.privacyUrl && <a href={brand.privacyUrl}>{t('common.privacy')}</a>}
        {brand.termsUrl && <a href={brand.termsUrl}>{t('common.terms')}</a>}
      </nav>
    </footer>
  );
}
