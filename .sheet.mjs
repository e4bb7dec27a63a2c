// contact sheet: node .sheet.mjs out.png width cols img1 img2 ...

import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [out, width, cols, ...imgs] = process.argv.slice(2);
const cells = imgs
  .map(
    (f) =>
      `<figure><img src="data:image/png;base64,${readFileSync(f).toString('base64')}"><figcaption>${f.split('/').slice(-2).join('/')}</figcaption></figure>`,
  )
  .join('');
const html = `<style>body{margin:0;background:#888;display:grid;grid-template-columns:repeat(${cols},1fr);gap:6px;padding:6px;align-items:start}figure{margin:0;background:#fff}img{width:100%;display:block}figcaption{font:12px sans-serif;padding:2px;background:#ff0}</style>${cells}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 600 } });
await page.setContent(html);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
