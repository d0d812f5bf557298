import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

/**
 * Every screen, tab, dialog and menu with the demo data, at a desktop and a phone width: no
 * serious axe violation, one h1, no emoji, and (on the phone) no page that scrolls sideways.
 */
interface ScreenState {
  name: string;
  path: string;
  /** Brings the page from freshly loaded `path` to the state; Escape closes what it opened. */
  open?: (page: Page, phone: boolean) => Promise<void>;
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel').first().waitFor();
};

const STATES: ScreenState[] = [
  { name: 'dashboard timeline', path: '/', open: tab('Timeline') },
  { name: 'dashboard calendar', path: '/', open: tab('Calendar') },
  {
    name: 'day dialog with its card menu',
    path: '/',
    open: async (page, phone) => {
      await tab('Calendar')(page);
      if (phone) await page.getByRole('button', { name: 'Open day' }).first().click();
      else await page.locator('[role="gridcell"]:has(.cad-chip--movable) .cad-day__number').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /^Actions for / }).first().click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'dashboard channels', path: '/', open: tab('Channels') },
  {
    name: 'channel dialog',
    path: '/',
    open: async (page) => {
      await tab('Channels')(page);
      await page.getByRole('button', { name: /^Open Email Marketing/ }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'dashboard list', path: '/', open: tab('Campaign List') },
  {
    name: 'dashboard filtered, channel choice open',
    path: '/?channel=email,social&status=live&q=a',
    open: async (page) => {
      await page.getByRole('button', { name: /^Channels:/ }).click();
      await page.getByRole('dialog', { name: 'Channels' }).waitFor();
    },
  },
  {
    name: 'new campaign dialog',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: 'New Campaign' }).click();
      await page.getByRole('dialog', { name: 'Create New Campaign' }).waitFor();
    },
  },
  { name: 'ideas', path: '/ideas' },
  {
    name: 'new idea dialog',
    path: '/ideas',
    open: async (page) => {
      await page.getByRole('button', { name: 'New Idea' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'channel dashboard', path: '/channel/email' },
  { name: 'events timeline', path: '/channel/events' },
  { name: 'events calendar', path: '/channel/events', open: tab('Calendar') },
  { name: 'events list', path: '/channel/events', open: tab('Event List') },
  {
    name: 'new event dialog',
    path: '/channel/events',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add New Event' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  ...['Calendar', 'Ads by Status', 'Performance', 'Publications', 'Prospective Pubs', 'Articles'].map((name) => ({
    name: `ad manager ${name.toLowerCase()}`,
    path: '/channel/industry-publications',
    open: tab(name),
  })),
  {
    name: 'new ad dialog',
    path: '/channel/industry-publications',
    open: async (page: Page) => {
      await page.getByRole('button', { name: 'Add Ad Campaign' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'settings', path: '/settings' },
  {
    name: 'settings with a user selected',
    path: '/settings',
    open: async (page) => {
      await page.getByRole('navigation', { name: 'Users' }).getByRole('button').first().click();
      await page.getByRole('switch').first().waitFor();
    },
  },
];

const EMOJI = /\p{Extended_Pictographic}/u;

async function checkState(page: Page, phone: boolean): Promise<string[]> {
  const problems: string[] = [];
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth,
    h1: document.querySelectorAll('h1').length,
    text: document.body.innerText,
  }));
  if (phone && layout.scrollWidth > layout.innerWidth) problems.push(`scrolls sideways (${layout.scrollWidth} px in ${layout.innerWidth})`);
  if (layout.h1 !== 1) problems.push(`${layout.h1} h1 elements`);
  if (EMOJI.test(layout.text)) problems.push(`emoji: ${layout.text.match(EMOJI)?.[0]}`);
  for (const v of await seriousA11yViolations(page)) problems.push(`axe ${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  return problems;
}

describe.runIf(hasChromium)('every screen with the demo data, at 1280 and 390 px', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ demo: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = size.width < 768;
    it(`holds up at ${size.width} px`, { timeout: 300_000 }, async () => {
      const { page } = await h.newPage(size);
      await page.goto('/auth');
      await page.locator('h1').waitFor();
      expect(await checkState(page, phone)).toEqual([]);
      await page.getByRole('button', { name: /forgot/i }).click();
      await page.getByRole('dialog').waitFor();
      expect(await checkState(page, phone), 'forgot password dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByLabel('Email').fill('admin@cadence.demo');
      await page.getByLabel('Password').fill('cadence-admin');
      await page.getByRole('button', { name: 'Sign In' }).last().click();
      await page.getByText('Welcome back, admin@cadence.demo').waitFor();
      await page.getByRole('button', { name: /close|dismiss/i }).first().click().catch(() => undefined);
      const failures: Record<string, string[]> = {};
      for (const state of STATES) {
        await page.goto(state.path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await state.open?.(page, phone);
        await page.waitForTimeout(300); // transitions and the row windows settle
        const problems = await checkState(page, phone);
        if (problems.length) failures[state.name] = problems;
        await screenshot(page, `screen-${state.name.replace(/\W+/g, '-')}-${size.width}`);
      }
      expect(failures).toEqual({});
    });
  }
});
