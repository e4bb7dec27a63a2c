import { CrawlerIcon, GlobeIcon, PinIcon, ServerIcon } from '../components/icons.tsx';
import { useBrand } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n.tsx';
import { BrandHead, brandStyle, Footer, TopBar } from './chrome.tsx';

/**
 * Two panels: the form, and the monitoring service it opens the door to. On a desktop the
 * panel fills the right half; on a phone it follows the form, compact, above the footer.
 */
export function LoginSignupLayout({ children }: { children: React.ReactNode }) {
  const brand = useBrand();
  return (
    <div className="layout-split" style={brandStyle(brand.primaryColor)}>
      <BrandHead />
      <header className="layout-split__top">
        <TopBar />
      </header>
      <main className="layout-split__main">
        <div className="card">{children}</div>
      </main>
      <ProductPanel />
      <Footer />
    </div>
  );
}

function ProductPanel() {
  const { t, language } = useI18n();
  const features = [
    { icon: <ServerIcon />, title: t('panel.servers'), text: t('panel.serversText') },
    { icon: <GlobeIcon />, title: t('panel.websites'), text: t('panel.websitesText') },
    { icon: <PinIcon />, title: t('panel.locations'), text: t('panel.locationsText') },
    { icon: <CrawlerIcon />, title: t('panel.crawler'), text: t('panel.crawlerText') },
  ];
  return (
    <aside className="layout-split__panel" aria-labelledby="product-panel-heading">
      <div className="panel">
        <p className="panel__eyebrow">{t('brand.tagline')}</p>
        <h2 id="product-panel-heading">{t('panel.heading')}</h2>
        <p className="panel__lead">{t('panel.lead')}</p>
        <ul className="panel__features">
          {features.map((feature) => (
            <li key={feature.title}>
              <span className="panel__icon">{feature.icon}</span>
              <span className="panel__feature">
                <strong>{feature.title}</strong>
                <span>{feature.text}</span>
              </span>
            </li>
          ))}
        </ul>
        {/* An illustration of a website monitor, not live data: hidden from screen readers. */}
        <div className="panel__status" aria-hidden="true">
          <p className="panel__status-head">
            <span>{t('panel.uptime')}</span>
            <strong>{new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2 }).format(0.9998)}</strong>
          </p>
          <div className="panel__uptime">
            {Array.from({ length: 30 }, (_, i) => (
              // One bar a day, one of them amber.
              // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
              <span key={i} className={i === 21 ? 'warn' : ''} />
            ))}
          </div>
        </div>
      </div>
    </aside>
  );
}
