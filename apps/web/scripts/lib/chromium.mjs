// What the measuring scripts share: Debian's Chromium with the browser tests' flags, and the
// weighing of what a page downloads before its first paint.
/* global performance -- only in the function that runs in the page */
import { URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** Playwright cannot download browsers here: Debian's Chromium does the job. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The same flags as the browser tests (playwright.config.ts). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * A fresh browser context (no cookie, an empty cache) on `baseURL`, signed in as `pseudo` with
 * POST /auth/local (local mode only) unless `pseudo` is null.
 */
export async function newContext(browser, baseURL, pseudo) {
  const context = await browser.newContext({ baseURL });
  if (pseudo !== null) {
    const signedIn = await context.request.post('/auth/local', { data: { pseudo } });
    if (!signedIn.ok()) {
      throw new Error(`Sign-in as ${pseudo} failed: ${signedIn.status()} ${await signedIn.text()}`);
    }
  }
  return context;
}

/**
 * A new page of `context` that keeps nothing in the HTTP cache and records the body of every
 * document, script and style sheet it receives, to weigh them gzipped whatever the server sent.
 * Returns the page and the bodies by URL.
 */
export async function newRecordingPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bodies = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'document' && type !== 'script' && type !== 'stylesheet') return;
    try {
      bodies.set(response.url(), await response.body());
    } catch {
      // A response without a body (a redirect) weighs nothing.
    }
  });
  return { page, cdp, bodies };
}

/**
 * The first contentful paint of the loaded `page`, and the scripts and style sheets requested
 * before it (what the browser had to fetch, or had started fetching, to paint anything), each
 * weighed gzipped; the styles written in the document itself count as CSS too. Call it once the
 * page has settled (`networkidle`), so that every body is in.
 */
export async function weighFirstPaint(page, bodies) {
  const { fcp, requested } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const fcp = paint ? paint.startTime : null;
    const requested = performance
      .getEntriesByType('resource')
      .filter((entry) => fcp === null || entry.startTime <= fcp)
      .map((entry) => entry.name);
    return { fcp, requested };
  });
  const weigh = (extension) =>
    requested
      .filter((url) => new URL(url).pathname.endsWith(extension))
      .map((url) => ({
        path: new URL(url).pathname,
        gzip: bodies.has(url) ? gzipSync(bodies.get(url)).length : 0,
      }));
  const total = (files) => files.reduce((sum, file) => sum + file.gzip, 0);
  const js = weigh('.js');
  const css = weigh('.css');
  const html = String(bodies.get(page.url()) ?? '');
  for (const [, style] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    css.push({ path: `<style> in ${new URL(page.url()).pathname}`, gzip: gzipSync(style).length });
  }
  return { fcp, js, css, jsGzip: total(js), cssGzip: total(css) };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
