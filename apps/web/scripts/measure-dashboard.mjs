// Measures the dashboard's cold load as a member, in Debian's Chromium, and prints the figures
// (it asserts nothing). It starts no server: give it the URL of a running one.
//
//   npm start                                   # in another terminal: http://localhost:5000
//   npm run measure:dashboard -w @guildhall/web [-- http://localhost:5000 [pseudo]]
//
// The member signs in with POST /auth/local (local mode only). A pseudo of the demo seed, such
// as Ember (in two teams), shows a dashboard with teams; an unknown pseudo makes a new member
// with none. MEASURE_URL and MEASURE_PSEUDO set the same from the environment.
/* global document, performance -- only in the function that runs in the page */
import console from 'node:console';
import process from 'node:process';
import { URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  kb,
  launchChromium,
  newContext,
  newRecordingPage,
  weighFirstPaint,
} from './lib/chromium.mjs';

const baseURL = (process.argv[2] ?? process.env.MEASURE_URL ?? 'http://localhost:5000').replace(
  /\/$/,
  '',
);
const pseudo = process.argv[3] ?? process.env.MEASURE_PSEUDO ?? 'Ember';
const SETTLE_TIMEOUT_MS = 30_000;

const browser = await launchChromium();

try {
  // A fresh context: no cookie but the session's, nothing in the HTTP cache.
  const context = await newContext(browser, baseURL, pseudo);
  const { page, cdp, bodies } = await newRecordingPage(context);

  /** requestId -> what the network says about it. */
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    requests.set(requestId, { url: request.url, method: request.method, bytes: 0, status: 0 });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (entry) entry.status = response.status;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    // Bytes on the wire: headers and body, as sent (compressed when the server compresses).
    if (entry) entry.bytes = encodedDataLength;
  });

  await page.goto('/dashboard');
  // Settled: every card is there and none is loading any more, the ranking's chart included;
  // or the teams failed and their error replaced the dashboard.
  const settledAt = await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      const failed = main.querySelector('[role="alert"]') && !main.querySelector('section');
      const cards = main.querySelectorAll('section[aria-labelledby]').length >= 5;
      const loading = main.querySelector('[role="status"]');
      const chart = main.querySelector('canvas');
      return failed || (cards && !loading && chart) ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: SETTLE_TIMEOUT_MS },
  );
  const cardsLoadedMs = await settledAt.jsonValue();
  // Whatever was still on its way (a late chunk) counts too.
  await page.waitForLoadState('networkidle');

  const firstPaint = await weighFirstPaint(page, bodies);

  const all = [...requests.values()];
  const api = all.filter((entry) => new URL(entry.url).pathname.startsWith('/api/'));
  const totalBytes = all.reduce((sum, entry) => sum + entry.bytes, 0);
  const apiBytes = api.reduce((sum, entry) => sum + entry.bytes, 0);
  const allJsGzip = [...bodies]
    .filter(([url]) => new URL(url).pathname.endsWith('.js'))
    .reduce((sum, [, body]) => sum + gzipSync(body).length, 0);

  const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
  console.log(`Dashboard cold load as ${pseudo}, ${baseURL}, ${new Date().toISOString()}`);
  console.log('');
  console.log(`API calls                      ${api.length}`);
  for (const call of api) {
    const { pathname, search } = new URL(call.url);
    console.log(`  ${call.method} ${pathname}${search} ${call.status} ${kb(call.bytes)}`);
  }
  console.log(`API bytes transferred          ${kb(apiBytes)}`);
  console.log(`Requests in all                ${all.length}`);
  console.log(`Bytes transferred in all       ${kb(totalBytes)}`);
  console.log(`JS before first paint (gzip)   ${kb(firstPaint.jsGzip)}`);
  for (const script of firstPaint.js) console.log(`  ${script.path} ${kb(script.gzip)}`);
  console.log(`JS loaded in all (gzip)        ${kb(allJsGzip)}`);
  console.log(`First contentful paint         ${ms(firstPaint.fcp)}`);
  console.log(`Cards loaded                   ${ms(cardsLoadedMs)}`);
  await context.close();
} finally {
  await browser.close();
}
