/**
 * The flags Debian's Chromium needs on these machines, for the browser tests and the Lighthouse
 * bench alike: no sandbox (root in a container), no GPU, and none of the background connections
 * a closed network refuses by the dozen.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
