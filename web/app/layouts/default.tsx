import { useBrand } from '../lib/brand.ts';
import { BrandHead, brandStyle, Footer, TopBar } from './chrome.tsx';

export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const brand = useBrand();
  return (
    <div className="layout-default" style={brandStyle(brand.primaryColor)}>
      <BrandHead />
      <header className="layout-default__header">
        <TopBar />
      </header>
      <main className="layout-default__main">{children}</main>
      <Footer />
    </div>
  );
}
