// Screenshots of every screen, in both languages, both looks (light and dark) and on a phone and
// a desktop, so that anyone can look at the whole product at once:
//
//   npm run screenshots [-- --out=<folder>] [--only=<screen,...>] [--no-build]
//
// Writes <folder> (default: `screenshots/` at the repository's root) with one PNG per screen,
// language, look and viewport, and an index.html that shows them side by side. Like the budgets,
// it builds what is stale, starts the built server in local mode with the demo organisation, and
// sees the signed-in screens as Ember, of the demo seed, made admin. It asserts nothing.
/* global caches, document, localStorage -- only in the functions that run in the page */
import console from 'node:console';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, URL } from 'node:url';
import { launchChromium } from './lib/chromium.mjs';
import { buildIfNeeded, startLocalServer } from './lib/local-server.mjs';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const MEMBER = 'Ember';
/** A member of the demo seed with teams and game logins, whose public profile is shown. */
const PROFILE_PSEUDO = 'Kaelith';
const LANGUAGES = ['fr', 'en'];
const SCHEMES = ['light', 'dark'];
const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: join(repository, 'screenshots') },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
/** `--only=dashboard,members`: those screens alone, when looking at one change. */
const only = options.only ? new Set(options.only.split(',')) : null;
const out = resolve(options.out);
/** The web font's files in the build, which the pages find in the browser's store. */
const fontFiles = () =>
  readdirSync(join(repository, 'apps/web/dist/assets'))
    .filter((file) => /^inter-latin(-ext)?-wght-normal-[\w-]+\.woff2$/.test(file))
    .map((file) => `/assets/${file}`);

/** Each screen: where it is, whether it needs the member signed in, and what to do once there. */
function screens(profileId, occurrenceId) {
  return [
    { name: 'landing', path: '/', signedIn: false },
    { name: 'dashboard', path: '/dashboard', act: waitForRankingRing },
    { name: 'menu', path: '/dashboard', phoneOnly: true, act: openMenu },
    { name: 'account-settings', path: '/settings/profile' },
    { name: 'profile', path: `/users/${profileId}` },
    { name: 'profile-league', path: `/users/${profileId}`, act: openLeagueTab },
    { name: 'members', path: '/users/list' },
    { name: 'member-edit', path: `/users/modify/${profileId}` },
    { name: 'passwords', path: '/passwords' },
    { name: 'events', path: '/events' },
    { name: 'events-week', path: '/events?view=week' },
    { name: 'events-month', path: '/events?view=month' },
    { name: 'event', path: `/events/${occurrenceId}` },
    { name: 'event-new', path: '/events/new' },
    { name: 'event-new-preview', path: '/events/new', act: previewEventDescription },
    { name: 'leaderboard', path: '/leaderboard' },
    { name: 'admin-organization', path: '/settings/organization?tab=organization' },
    { name: 'admin-teams', path: '/settings/organization?tab=teams' },
    { name: 'admin-alerts', path: '/settings/organization?tab=alerts' },
    { name: 'admin-alert-editor', path: '/settings/organization?tab=alerts', act: writeAlert },
    {
      name: 'admin-alert-preview',
      path: '/settings/organization?tab=alerts',
      act: async (page) => previewOf(await writeAlert(page)),
    },
    { name: 'admin-alert-builder', path: '/settings/organization?tab=alerts', act: buildCondition },
    { name: 'admin-alert-text', path: '/settings/organization?tab=alerts', act: writeCondition },
    { name: 'admin-passwords', path: '/settings/organization?tab=passwords' },
    { name: 'admin-discord', path: '/settings/organization?tab=discord' },
    { name: 'admin-points', path: '/settings/organization?tab=points' },
    { name: 'admin-seasons', path: '/settings/organization?tab=points', act: openSeasons },
    // Last: its alerts would show on every screen after it.
    { name: 'dashboard-alerts', path: '/dashboard', before: addAlerts, act: waitForRankingRing },
  ];
}

async function openLeagueTab(page) {
  await page.getByRole('tab', { name: /League/ }).click();
  await page.waitForLoadState('networkidle');
}

/** The ranking's ring is drawn a few seconds after the page's load (lib/when-page-settled.ts). */
async function waitForRankingRing(page) {
  await page.locator('canvas').waitFor();
}

/** On a phone the Points tab's sections start folded: the seasons, unfolded. */
async function openSeasons(page) {
  const seasons = page.locator('section button[aria-expanded]').first();
  if ((await seasons.getAttribute('aria-expanded')) === 'false') await seasons.click();
}

/** Two more alerts for Ember beside the demo's: three banners, as on a busy day. */
async function addAlerts() {
  const context = await browser.newContext({
    baseURL: server.url,
    storageState: session,
    extraHTTPHeaders: { origin: server.url },
  });
  const alerts = [
    { type: 'warn', message: '<p>Maintenance du serveur Discord ce soir, de 22 h à minuit.</p>' },
    { type: 'infos', message: '<p>Pensez à renouveler votre adhésion avant la fin du mois.</p>' },
  ];
  for (const alert of alerts) {
    const response = await context.request.post('/api/alerts', {
      data: { ...alert, statut: 'active', condition: `pseudo == "${MEMBER}"` },
    });
    if (!response.ok())
      throw new Error(`Adding an alert failed: ${response.status()} ${await response.text()}`);
  }
  await context.close();
}

/** A new alert's condition built with three criteria: roles, a team, adhesion. */
async function buildCondition(page) {
  await page.getByRole('button', { name: /^(Ajouter une alerte|Add an alert)$/ }).click();
  const dialog = page.getByRole('dialog');
  const addButtons = dialog.locator('[data-add] button');
  await addButtons.first().click();
  await dialog.locator('[data-kind="roles"] input').nth(2).check();
  await dialog.locator('[data-kind="roles"] input').nth(3).check();
  await addButtons.first().click();
  await dialog.locator('[data-kind="teams"] input').first().check();
  await addButtons.nth(1).click();
  await dialog.locator('figure').scrollIntoViewIfNeeded();
  // The count of the members it matches, once the server answered.
  await dialog.locator('[data-state="valid"]').waitFor();
}

/** A new alert's condition as text, with the role values and the help open. */
async function writeCondition(page) {
  await page.getByRole('button', { name: /^(Ajouter une alerte|Add an alert)$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(En texte|As text)$/ }).click();
  await dialog
    .locator('textarea[name="condition"]')
    .fill('role == "invited" and not profile_complete');
  await dialog.locator('details summary').click();
  await dialog.locator('textarea[name="condition"]').scrollIntoViewIfNeeded();
  await dialog.locator('[data-state="valid"]').waitFor();
}

/** A description in Markdown, seen in the form's preview. */
async function previewEventDescription(page) {
  await page.locator('textarea[name="description"]').fill(SAMPLE_MARKDOWN);
  await previewOf(page);
}

/** The alert editor, its message written in Markdown (its condition: the builder's everyone). */
async function writeAlert(page) {
  await page.getByRole('button', { name: /^(Ajouter une alerte|Add an alert)$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea[name="message"]').fill(SAMPLE_MARKDOWN);
  return page;
}

const SAMPLE_MARKDOWN =
  'Apportez **vos casques** et *votre bonne humeur*.\n\n- Salle B, 19 h\n- [Le plan](https://example.org/plan)';

/** The preview tab of the page's Markdown field, once it shows the rendering. */
async function previewOf(page) {
  await page.locator('[role="tab"][id$="-trigger-preview"]').click();
  await page.locator('[role="tabpanel"] strong').first().waitFor();
}

async function openMenu(page) {
  await page.locator('header button[aria-controls]').first().click();
  await page.getByRole('dialog').waitFor();
}

if (!options['no-build']) buildIfNeeded(console.log);
// A partial run (--only) replaces its own pictures and keeps the others.
if (!only) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const server = await startLocalServer({ LOCAL_ADMIN_PSEUDOS: MEMBER });
const browser = await launchChromium();
const shots = [];
let session;
try {
  session = await signIn();
  const profileId = await findProfile();
  const occurrenceId = await planEvents();
  for (const screen of screens(profileId, occurrenceId).filter(
    ({ name }) => !only || only.has(name),
  )) {
    if (screen.before) await screen.before();
    for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
      if (screen.phoneOnly && viewportName !== 'phone') continue;
      for (const language of LANGUAGES) {
        for (const scheme of SCHEMES) {
          const file = `${screen.name}-${viewportName}-${language}-${scheme}.png`;
          await shoot({ screen, device, language, scheme, file });
          shots.push(file);
          console.log(`  ${file}`);
        }
      }
    }
  }
  writeFileSync(join(out, 'index.html'), contactSheet());
  console.log(`${shots.length} screenshots in ${out} (open index.html to see them all)`);
} finally {
  await browser.close();
  await server.stop();
}

/** Signs Ember in once; every signed-in screen then starts from that session's cookies. */
async function signIn() {
  const context = await browser.newContext({ baseURL: server.url });
  const signedIn = await context.request.post('/auth/local', { data: { pseudo: MEMBER } });
  if (!signedIn.ok()) throw new Error(`Sign-in as ${MEMBER} failed: ${signedIn.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function findProfile() {
  const context = await browser.newContext({ baseURL: server.url, storageState: session });
  const found = await context.request.get(`/api/users?q=${PROFILE_PSEUDO}`);
  if (!found.ok())
    throw new Error(`The member search failed: ${found.status()} ${await found.text()}`);
  const { items: users } = await found.json();
  await context.close();
  const profile = users.find((user) => user.pseudo === PROFILE_PSEUDO);
  if (!profile) throw new Error(`No ${PROFILE_PSEUDO} in the demo organisation`);
  return profile._id;
}

/**
 * The demo organisation has no events: a weekly training for everyone over the next two months
 * and a scrim, planned as an admin would. Returns the training's next occurrence, for its page.
 */
async function planEvents() {
  const context = await browser.newContext({
    baseURL: server.url,
    storageState: session,
    extraHTTPHeaders: { origin: server.url },
  });
  const at = (days, hour) => {
    const date = new Date(Date.now() + days * 86_400_000);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  const plan = async (body) => {
    const response = await context.request.post('/api/events', { data: body });
    if (!response.ok())
      throw new Error(`Planning failed: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const training = await plan({
    title: 'Entraînement hebdomadaire',
    type: 'training',
    description: '<p>Revue des VOD puis <strong>scrims internes</strong>.</p>',
    starts_at: at(1, 18),
    ends_at: at(1, 20),
    location: 'Discord, salon Entraînement',
    audience: { kind: 'organization' },
    capacity: 12,
    recurrence: { rule: 'FREQ=WEEKLY;COUNT=8' },
  });
  await plan({
    title: 'Scrim contre les Renards',
    type: 'scrim',
    opponent: 'Les Renards',
    starts_at: at(3, 19),
    ends_at: at(3, 21),
    location: 'https://discord.gg/exemple',
    audience: { kind: 'organization' },
  });
  await context.close();
  return training.occurrences[0]._id;
}

async function shoot({ screen, device, language, scheme, file }) {
  // Reduced motion: the ranking's ring is drawn at once, not caught halfway through its sweep.
  const settings = { ...device, colorScheme: scheme, locale: language, reducedMotion: 'reduce' };
  const context = await browser.newContext({
    baseURL: server.url,
    ...settings,
    ...(screen.signedIn === false ? {} : { storageState: session }),
  });
  await context.addInitScript(
    ({ chosen, files }) => {
      localStorage.setItem('guildhall.lang', chosen);
      // As on a member's second visit: the font is in the browser's store (lib/theme/web-font.ts).
      void caches.open('guildhall-font').then(async (store) => {
        if ((await store.keys()).length < files.length) await store.addAll(files);
      });
    },
    { chosen: language, files: fontFiles() },
  );
  const page = await context.newPage();
  await page.goto(screen.path);
  await page.waitForLoadState('networkidle');
  // The font shows from the store (lib/theme/web-font.ts), as it does for a member on a second
  // visit: the first load fills the store, the picture is of the second.
  await page.reload();
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  if (screen.act) await screen.act(page);
  // Web fonts and pictures settle before the picture is taken.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(out, file), fullPage: true, animations: 'disabled' });
  await context.close();
}

/** Every picture in the folder (a partial run keeps the others), by screen. */
function contactSheet() {
  const all = readdirSync(out)
    .filter((file) => file.endsWith('.png'))
    .sort()
    .map((file) => {
      const [scheme, language, viewport, ...screen] = file.slice(0, -4).split('-').reverse();
      return { screen: screen.reverse().join('-'), viewport, language, scheme, file };
    });
  const rows = [...new Set(all.map((shot) => shot.screen))].map((screen) => {
    const cells = all
      .filter((shot) => shot.screen === screen)
      .map(
        (shot) =>
          `<figure><a href="${shot.file}"><img src="${shot.file}" alt="" loading="lazy"></a>` +
          `<figcaption>${shot.viewport} · ${shot.language} · ${shot.scheme}</figcaption></figure>`,
      )
      .join('');
    return `<section><h2>${screen}</h2><div class="row">${cells}</div></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Guildhall screenshots</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;background:#f1f5f9}
.row{display:flex;gap:1rem;overflow-x:auto;align-items:flex-start}
figure{margin:0;flex:none}img{width:280px;border:1px solid #cbd5e1;border-radius:6px;background:#fff}
figcaption{font-size:.8rem;color:#334155}</style></head>
<body><h1>Guildhall, every screen</h1>${rows.join('')}</body></html>
`;
}
