import { api as apiPaths, type BrandView } from '@gatehouse/contract/browser';
import { useEffect } from 'react';
import { api } from './api.ts';
import { runtimeConfig } from './runtime-config.ts';
import { useBaseStore, useHydrated } from './stores.ts';

export const defaultBrand: BrandView = {
  host: '',
  brandName: 'Gatehouse',
  faviconUrl: null,
  logoUrl: null,
  primaryColor: null,
  supportUrl: null,
  dashboardUrl: null,
  privacyUrl: null,
  termsUrl: null,
  defaultLanguage: 'en',
};

let requested = false;

/**
 * The brand before the white-label call answers: the name and colour the server painted into
 * this host's page (its settings carry them), so the first render matches that page.
 */
function paintedBrand(): BrandView {
  const painted = runtimeConfig().brand;
  return painted ? { ...defaultBrand, brandName: painted.name, primaryColor: painted.color } : defaultBrand;
}

/** The white-label configuration, loaded once at start unless the store already has it. */
export function useBrand(): BrandView {
  const hydrated = useHydrated((s) => s.done);
  const brand = useBaseStore((s) => s.cnameConfig);
  useEffect(() => {
    if (!hydrated || brand || requested) return;
    requested = true;
    void api<BrandView>('GET', apiPaths.whiteLabel).then(({ data }) => {
      if (data) useBaseStore.getState().update({ cnameConfig: data });
    });
  }, [hydrated, brand]);
  return brand ?? paintedBrand();
}
