import type { Page } from 'playwright-core';

/**
 * Every screen, tab, dialog and menu of a demo install, as states a test or the screenshot
 * script brings a freshly loaded page to: `tests/e2e/screens.e2e.ts` checks each one and
 * `pnpm screenshots` (scripts/screenshots.ts) draws each one for the user guide.
 */
export interface ScreenState {
  name: string;
  path: string;
  /** Brings the page from freshly loaded `path` to the state; Escape closes what it opened. */
  open?: (page: Page, phone: boolean) => Promise<void>;
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel').first().waitFor();
};

export const SCREEN_STATES: ScreenState[] = [
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
    open: async (page, phone) => {
      // A phone keeps the fields behind "Filters (n)", opened here.
      if (phone) await page.getByRole('button', { name: 'Filters (3)' }).click();
      await page.getByRole('button', { name: /^Channels:/ }).click();
      await page.getByRole('dialog', { name: 'Channels' }).waitFor();
    },
  },
  {
    // The filters behind "Filters (n)" opened: on a wide screen the second line, on a phone all of them (docs/adr/0065).
    name: 'dashboard more filters open',
    path: '/?scope=global',
    open: async (page) => {
      await page.getByRole('button', { name: 'Filters (1)' }).click();
      await page.getByLabel('Owner').waitFor();
    },
  },
  {
    name: 'delete campaign confirmation',
    path: '/',
    open: async (page) => {
      await tab('Campaign List')(page);
      await page.getByRole('main').getByRole('button', { name: /^Actions for (?!view )/ }).first().click();
      await page.getByRole('menuitem', { name: 'Delete Campaign' }).click();
      await page.getByRole('alertdialog').waitFor();
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
  {
    name: 'campaign history tab',
    path: '/',
    open: async (page) => {
      await tab('Campaign List')(page);
      await page.getByRole('button', { name: /^Edit / }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
      await dialog.getByRole('tab', { name: 'History' }).click();
      await dialog.locator('.cad-history').waitFor();
      await dialog.getByText('Loading history…').waitFor({ state: 'detached' });
    },
  },
  ...(['Tasks', 'Review', 'Comments'] as const).map((name) => ({
    // The demo's campaign waiting for review (server/src/demo/approvals.ts), with its tasks; found by
    // the search, as the list draws only the cards in view.
    name: `campaign ${name.toLowerCase()} tab`,
    path: '/?q=Spring+newsletter',
    open: async (page: Page) => {
      await tab('Campaign List')(page);
      await page.getByRole('button', { name: /^Edit Spring newsletter/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
      await dialog.getByRole('tab', { name, exact: true }).click();
      await dialog.getByRole('tabpanel').getByText(/^Loading (tasks|review|comments)…$/).waitFor({ state: 'detached' });
      // The Comments tab shows the demo's conversation with its mentions (server/src/demo/comments.ts).
      const ready = { Tasks: dialog.getByRole('list', { name: 'Tasks' }), Review: dialog.getByRole('button', { name: /Request review|Approve/ }).first(), Comments: dialog.getByRole('list', { name: 'Comments' }) };
      await ready[name].waitFor();
    },
  })),
  {
    name: 'new campaign from template dialog',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: 'From template' }).click();
      const dialog = page.getByRole('dialog', { name: 'New campaign from template' });
      await dialog.getByRole('option', { name: 'Product launch' }).waitFor({ state: 'attached' });
    },
  },
  {
    name: 'my work',
    path: '/my-work',
    open: async (page) => {
      await page.locator('.cad-tasks').first().waitFor();
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
  {
    name: 'idea comments',
    path: '/ideas',
    open: async (page) => {
      await page.getByRole('button', { name: /^\d+ comments? on / }).first().click();
      await page.getByRole('textbox', { name: 'Add Comment' }).waitFor();
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
  ...[
    ['add publication dialog', 'Publications', 'Add Publication'],
    ['add article dialog', 'Articles', 'Add New Article'],
    ['add prospective publication dialog', 'Prospective Pubs', 'Add Prospective Pub'],
  ].map(([name, tabName, button]) => ({
    name: name!,
    path: '/channel/industry-publications',
    open: async (page: Page) => {
      await tab(tabName!)(page);
      await page.getByRole('button', { name: button! }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  })),
  {
    name: 'ad example dialog',
    path: '/channel/industry-publications',
    open: async (page: Page) => {
      await page.getByRole('button', { name: /^View example of / }).first().click();
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
  {
    name: 'settings conflicts',
    path: '/settings/conflicts',
    open: async (page) => {
      await page.getByRole('heading', { name: 'Conflicts' }).waitFor();
      await page.getByText(/in this range$/).waitFor();
    },
  },
  {
    name: 'settings templates',
    path: '/settings/templates',
    open: async (page) => {
      await page.getByRole('list', { name: 'Templates' }).getByText('Product launch').waitFor();
    },
  },
  {
    name: 'settings working days',
    path: '/settings/working-days',
    open: async (page) => {
      await page.getByRole('list', { name: 'Upcoming closed days' }).waitFor();
    },
  },
  {
    // Settings → Planning rules (docs/adr/0065): the list (the demo has none) and the form to add one.
    name: 'settings planning rules',
    path: '/settings/planning-rules',
    open: async (page) => {
      await page.getByRole('form', { name: 'Add rule' }).waitFor();
      await page.getByText('Loading the planning rules…').waitFor({ state: 'detached' });
    },
  },
  {
    // Settings → Baselines (docs/adr/0063): the demo's "Plan as of 4 weeks ago", renamed in place.
    name: 'settings baselines',
    path: '/settings/baselines',
    open: async (page) => {
      await page.getByRole('list', { name: 'Saved baselines' }).waitFor();
      await page.getByRole('button', { name: /^Rename / }).first().click();
      await page.getByRole('form', { name: /^Rename / }).waitFor();
    },
  },
  {
    name: 'settings activity',
    path: '/settings/activity',
    open: async (page) => {
      await page.getByRole('search', { name: 'Filter activity' }).waitFor();
      await page.getByText('Loading history…').waitFor({ state: 'detached' });
    },
  },
  {
    // The bell's inbox (docs/adr/0060): the demo gives the administrator unread items.
    name: 'inbox',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await page.getByRole('button', { name: 'Mark all read' }).waitFor();
      await page.getByText('Loading notifications…').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'settings notifications',
    path: '/settings/notifications',
    open: async (page) => {
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByText('Loading notification settings…').waitFor({ state: 'detached' });
    },
  },
  {
    // The demo's endpoint points at nothing: its failed deliveries show (docs/adr/0058).
    name: 'settings webhooks',
    path: '/settings/webhooks',
    open: async (page) => {
      await page.getByRole('list', { name: 'Webhooks' }).waitFor();
    },
  },
  {
    // A stakeholder link of the demo's shared view (docs/adr/0061), from the side bar's view menu.
    name: 'share link dialog',
    path: '/',
    open: async (page, phone) => {
      if (phone) await page.getByRole('button', { name: 'Toggle side bar' }).click();
      await page.getByRole('button', { name: 'Actions for view Live campaigns' }).click();
      await page.getByRole('menuitem', { name: 'Share link…' }).click();
      await page.getByRole('dialog', { name: 'Share link' }).waitFor();
    },
  },
  {
    // The page the demo's link opens, signed out or not: the view read-only.
    name: 'stakeholder page',
    path: '/shared/cad_link_demo-stakeholders-live-campaigns',
    open: async (page) => {
      await page.getByRole('heading', { name: 'Live campaigns', level: 1 }).waitFor();
      await page.getByRole('tabpanel').first().waitFor();
    },
  },
  {
    name: 'save view dialog',
    path: '/?channel=email,social&status=live',
    open: async (page) => {
      await page.getByRole('button', { name: 'Save view' }).click();
      await page.getByRole('dialog', { name: 'Save view' }).waitFor();
    },
  },
  {
    name: 'side bar with saved views',
    path: '/?channel=email,social&status=live',
    open: async (page, phone) => {
      // Saved once (shared, so the team would see it); the other width finds it there.
      const sideBar = async () => {
        if (phone) await page.getByRole('button', { name: 'Toggle side bar' }).click();
        return page.getByRole('navigation', { name: 'Views' });
      };
      let views = await sideBar();
      await views.locator('.sidebar__hint, .sidebar__menu').first().waitFor();
      if (!(await views.getByRole('link', { name: /^Live email and social/ }).count())) {
        if (phone) await page.getByRole('button', { name: 'Close side bar' }).click();
        await page.getByRole('button', { name: 'Save view' }).click();
        const dialog = page.getByRole('dialog', { name: 'Save view' });
        await dialog.getByRole('textbox', { name: 'Name' }).fill('Live email and social');
        await dialog.getByRole('checkbox', { name: /Share with the team/ }).check();
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: 'Dismiss notification' }).click();
        if (phone) views = await sideBar();
      }
      await views.getByRole('link', { name: /^Live email and social/ }).locator('.sidebar__count:not([data-loading])').waitFor();
    },
  },
  {
    name: 'side bar',
    path: '/',
    open: async (page) => {
      // On a phone the side bar opens as a sheet; on a desktop the same button collapses it
      // (remembered in a cookie, so this state comes last).
      await page.getByRole('button', { name: 'Toggle side bar' }).click();
      await page.waitForTimeout(300);
    },
  },
];

/** Signs the demo administrator in from /auth and waits for the dashboard. */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('admin@cadence.demo');
  await page.getByLabel('Password').fill('cadence-admin');
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  // The first sign-in of a run also loads the dashboard's code and data: more than a step's 15 s on a busy CI machine.
  await page.getByText('Welcome back, admin@cadence.demo').waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: /close|dismiss/i }).first().click().catch(() => undefined);
}

/** Loads the state's page and opens what it shows; waits until the data and the row windows settle. */
export async function showState(page: Page, state: ScreenState, phone: boolean): Promise<void> {
  await page.goto(state.path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await state.open?.(page, phone);
  await page.waitForTimeout(300); // transitions and the row windows settle
}

/** A file-name form of the state's name: "new ad dialog" → "new-ad-dialog". */
export const stateSlug = (state: ScreenState) => state.name.replace(/\W+/g, '-');
