import { useBrand } from '../lib/brand.ts';
import { LocalLink } from '../lib/navigation.tsx';
import { PulseIcon } from './icons.tsx';

export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const brand = useBrand();
  return (
    <LocalLink to="/" className={`brand${inverted ? ' brand--inverted' : ''}`}>
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt={brand.brandName} height={32} />
      ) : (
        <>
          <span className="brand__mark" aria-hidden="true">
            <PulseIcon />
          </span>
          <span className="brand__name">{brand.brandName}</span>
        </>
      )}
    </LocalLink>
  );
}

/** "Sign in | Brand", as the seed titles pages; React 19 puts it in the document head. */
export function PageTitle({ title }: { title: string }) {
  const brand = useBrand();
  return <title>{`${title} | ${brand.brandName}`}</title>;
}
