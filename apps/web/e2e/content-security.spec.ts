import type { Page } from '@playwright/test';
import { expect, openIn, signInAsAdmin, test } from './fixtures';

/*
 * What Chromium reports on a page and Lighthouse counts against best practices.
 *
 * The Content-Security-Policy forbids eval and every origin but ours and Riot's pictures: a
 * library that tries anyway (zod probing whether it may compile its parsers) is refused, which
 * Chromium reports as an issue on the page and Lighthouse counts against best practices.
 */

/** The Content-Security-Policy issues Chromium reports while `visit` runs. */
async function cspIssuesDuring(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  await visit();
  return issues;
}

test('no screen breaks the Content-Security-Policy', async ({ page }) => {
  await signInAsAdmin(page);
  const issues = await cspIssuesDuring(page, async () => {
    for (const path of ['/', '/dashboard', '/users/list', '/settings/organization?tab=alerts']) {
      await openIn(page, 'fr', path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
  expect(issues).toEqual([]);
});

/**
 * The errors the console shows while `visit` runs (failed requests, uncaught and reported
 * errors), and the warnings about a preloaded answer the app then fetched again or not at all.
 */
async function consoleErrorsDuring(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && /preload/i.test(text))) {
      errors.push(`${text} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await visit();
  return errors;
}

test('a visitor and a member see no error in the console', async ({ page }) => {
  // A visitor's first page: the app asks who it is, and being no one is not a failure.
  const anonymous = await consoleErrorsDuring(page, async () => {
    await openIn(page, 'fr', '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });
  expect(anonymous).toEqual([]);

  await signInAsAdmin(page);
  const signedIn = await consoleErrorsDuring(page, async () => {
    for (const path of ['/dashboard', '/passwords', '/settings/organization']) {
      await openIn(page, 'fr', path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
  expect(signedIn).toEqual([]);
});
