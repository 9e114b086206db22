import { chromium } from 'playwright-core';
import fs from 'node:fs';
const dir = fs.mkdtempSync('/tmp/prof-');
const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'], viewport: { width: 1440, height: 900 } });
const page = ctx.pages()[0] ?? await ctx.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto('http://127.0.0.1:4180/');
await page.waitForTimeout(1500);
for (const name of process.argv.slice(2)) {
  await page.getByRole('button', { name: /Presets/ }).click();
  await page.waitForTimeout(300);
  const items = page.getByRole('menuitem');
  const texts = await items.allTextContents();
  const k = texts.findIndex((t) => t.trim().toLowerCase().startsWith(name.toLowerCase()));
  if (k < 0) { console.log('no', name, texts); continue; }
  await items.nth(k).click();
  await page.waitForTimeout(300);
  const dlg = page.getByRole('button', { name: /Discard|Open anyway|Don.t save/ });
  if (await dlg.count()) await dlg.first().click();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/shot-${name.replace(/\W/g,'')}.png` });
}
console.log(errors);
await ctx.close();
