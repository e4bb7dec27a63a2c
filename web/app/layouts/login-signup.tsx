import { CrawlerIcon, GlobeIcon, PinIcon, ServerIcon } from '../components/icons.tsx';
import { useBrand } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n.tsx';
import { BrandHead, brandStyle, Footer, TopBar } from './chrome.tsx';

/** Two panels: the form, and the monitoring service it opens the door to. */
export function LoginSignupLayout({ children }: { children: React.ReactNode }) {
  const brand = useBrand();
  return (
    <div className="layout-split" style={brandStyle(brand.primaryColor)}>
      <BrandHead />
      <div className="layout-split__form">
        <header>
          <TopBar />
        </header>
        <main className="layout-split__main">
          <div className="card">{children}</div>
        </main>
        <Footer />
      </div>
      <ProductPanel />
    </div>
  );
}

function ProductPanel() {
  const { t } = useI18n();
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
              <span>
                <strong>{feature.title}</strong>
                <span>{feature.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="panel__uptime" aria-hidden="true">
          {Array.from({ length: 30 }, (_, i) => (
            // A quiet uptime strip: one bar a day, one of them amber.
            // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
            <span key={i} className={i === 21 ? 'warn' : ''} />
          ))}
        </div>
      </div>
    </aside>
  );
}
