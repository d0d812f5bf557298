import { Command, CommanderError, Option } from 'commander';
import type { CommandContext } from './context';
import { createOutput } from './output';
import { createPrompter } from './prompt';
import type { GlobalOptions } from './session';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * The `cadence` command tree. Each action loads its module only when it runs, so `--help`
 * and simple commands start fast.
 */
export function buildProgram(env: NodeJS.ProcessEnv = process.env): Command {
  const program = new Command('cadence')
    .description('Administer a Cadence install from a terminal or a script: users, permissions, access keys, imports and exports.')
    .version('0.1.0')
    .option('--api-url <url>', 'Cadence server URL (overrides CADENCE_API_URL and the stored login)')
    .option('--token <key>', 'access key to use instead of the stored login (overrides CADENCE_TOKEN)')
    .option('--json', 'print listings and reports as JSON')
    .option('-y, --yes', 'answer yes to confirmations')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nExamples:\n  $ cadence login\n  $ cadence permissions grant ann@example.com channel_view --channel email\n  $ CADENCE_TOKEN=cad_… cadence export campaigns --format ics > campaigns.ics');

  const ctx = (cmd: Command): CommandContext => {
    const globals = cmd.optsWithGlobals() as GlobalOptions;
    return { globals, env, out: createOutput(!!globals.json), prompt: createPrompter() };
  };
  const example = (cmd: Command, ...lines: string[]) => cmd.addHelpText('after', `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ ${l}`).join('\n')}`);

  example(
    program
      .command('login')
      .description('sign in and keep a refresh token in ~/.config/cadence (mode 600)')
      .option('--email <email>', 'account e-mail (prompted when missing)')
      .option('--password-stdin', 'read the password from standard input')
      .option('--sso', "sign in with the server's identity provider in a browser (a loopback redirect brings the session back)")
      .option('--no-browser', 'with --sso: only print the address to open')
      .action(async (opts, cmd) =>
        opts.sso ? (await import('./commands/sso-login')).loginSso(ctx(cmd), opts) : (await import('./commands/auth')).login(ctx(cmd), opts),
      ),
    'cadence login --api-url https://cadence.example.com --email admin@example.com',
    "echo \"$PASSWORD\" | cadence login --api-url http://localhost:8787 --email admin@example.com --password-stdin",
    'cadence login --sso --api-url https://cadence.example.com',
  );
  example(
    program.command('logout').description('end the stored session').action(async (_o, cmd) => (await import('./commands/auth')).logout(ctx(cmd))),
    'cadence logout',
  );
  example(
    program.command('whoami').description('show who the CLI acts as, with role and permissions').action(async (_o, cmd) => (await import('./commands/auth')).whoami(ctx(cmd))),
    'cadence whoami --json',
  );

  const users = program.command('users').description('list users');
  example(users.command('list').description('every user with role and id').action(async (_o, cmd) => (await import('./commands/users')).listUsers(ctx(cmd))), 'cadence users list');
  const roles = program.command('roles').description('set roles');
  example(
    roles
      .command('set')
      .description('make a user an administrator, or not')
      .argument('<email>')
      .addArgument(new Command().createArgument('<role>', 'admin or none').choices(['admin', 'none']))
      .action(async (email, role, _o, cmd) => (await import('./commands/users')).setRole(ctx(cmd), email, role)),
    'cadence roles set ann@example.com admin',
  );

  const perms = program.command('permissions').description('show, grant, revoke and apply permissions');
  example(
    perms.command('show').description("a user's role and permissions").argument('<email>').action(async (email, _o, cmd) => (await import('./commands/permissions')).showPermissions(ctx(cmd), email)),
    'cadence permissions show ann@example.com',
  );
  for (const mode of ['grant', 'revoke'] as const) {
    example(
      perms
        .command(mode)
        .description(`${mode} a permission (global_view, global_create, channel_view, channel_create)`)
        .argument('<email>')
        .argument('<type>', 'global_view | global_create | channel_view | channel_create')
        .option('--channel <channel>', 'channel for channel_view / channel_create (repeatable, or comma-separated)', collect)
        .action(async (email, type, opts, cmd) =>
          (await import('./commands/permissions')).grantOrRevoke(ctx(cmd), mode, email, type, opts.channel?.flatMap((c: string) => c.split(','))),
        ),
      `cadence permissions ${mode} ann@example.com channel_${mode === 'grant' ? 'create' : 'view'} --channel email --channel social`,
    );
  }
  example(
    perms
      .command('apply')
      .description("make listed users' permissions exactly those in a CSV (email,permission,channel) or JSON file")
      .argument('<file>')
      .option('--dry-run', 'print the changes per user without making them')
      .action(async (file, opts, cmd) => (await import('./commands/permissions')).applyPermissions(ctx(cmd), file, opts)),
    'cadence permissions apply team.csv --dry-run',
    'cadence permissions apply team.json',
  );

  const sso = program.command('sso').description('single sign-on: map the identity provider\'s groups to permissions');
  example(
    sso
      .command('map')
      .description('grant something to everyone whose claim contains a value (applied at each sign-in and refresh check)')
      .argument('<value>', 'the claim value, e.g. a group name')
      .argument('<grant...>', 'admin, global_view, global_create, channel_view:<channel> or channel_create:<channel>')
      .option('--claim <claim>', 'the claim to read', 'groups')
      .action(async (value, grants, opts, cmd) => (await import('./commands/sso')).mapGroup(ctx(cmd), value, grants, opts)),
    'cadence sso map marketing-email channel_view:email channel_create:email',
  );
  example(sso.command('list').description('every mapping').action(async (_o, cmd) => (await import('./commands/sso')).listMappings(ctx(cmd))), 'cadence sso list --json');
  example(
    sso.command('unmap').description('remove a mapping; hand-made grants stay').argument('<id>').action(async (id, _o, cmd) => (await import('./commands/sso')).unmap(ctx(cmd), id)),
    'cadence sso unmap 3f2c…',
  );

  const keys = program.command('keys').description('long-lived access keys for embeds, feeds and scripts');
  example(
    keys
      .command('create')
      .description('create a key and print its secret once')
      .requiredOption('--name <name>', 'what the key is for')
      .option('--read-only', 'the key can only read (embeds, calendar feeds)')
      .option('--channels <channels>', 'limit the key to these channels (comma-separated, repeatable)', collect)
      .option('--view <name>', 'bind the (read-only) key to a shared saved view: it reads only that view\'s campaigns, as the view is now')
      .action(async (opts, cmd) => (await import('./commands/keys')).createKey(ctx(cmd), opts)),
    'cadence keys create --name "Intranet calendar" --read-only --channels email,social',
    'cadence keys create --name "Email feed" --view "Live email"',
  );

  const webhooks = program.command('webhooks').description('signed webhooks: endpoints that hear of changes, their test ping and delivery log (administrators)');
  example(webhooks.command('list').description('endpoints with their events and last delivery (never their secrets)').action(async (_o, cmd) => (await import('./commands/webhooks')).listWebhooks(ctx(cmd))), 'cadence webhooks list --json');
  example(
    webhooks
      .command('add')
      .description('register an endpoint and print its signing secret once')
      .argument('<url>', 'an https:// address (plain http only for a host in the server\'s WEBHOOK_ALLOWED_HOSTS)')
      .option('--events <events>', 'event names, comma-separated and repeatable, or * for all (the default)', collect)
      .option('--format <format>', 'json (signed events) or slack (a readable message for an incoming-webhook URL)', 'json')
      .option('--description <text>', 'what the endpoint is for')
      .action(async (url, opts, cmd) => (await import('./commands/webhooks')).addWebhook(ctx(cmd), url, opts)),
    'cadence webhooks add https://hooks.example.com/cadence --events campaign.moved,review.approved',
    'cadence webhooks add https://hooks.slack.com/services/T000/B000/XXXX --format slack --events "*"',
  );
  example(
    webhooks.command('test').description('send a ping and wait for its first attempt (exit 1 if the endpoint did not take it)').argument('<id>').action(async (id, _o, cmd) => (await import('./commands/webhooks')).testWebhook(ctx(cmd), id)),
    'cadence webhooks test 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71',
  );
  example(
    webhooks
      .command('deliveries')
      .description("an endpoint's deliveries, newest first: event, status, attempts, the endpoint's answer")
      .argument('<id>')
      .option('--limit <n>', 'how many (1–200)', '20')
      .action(async (id, opts, cmd) => (await import('./commands/webhooks')).listDeliveries(ctx(cmd), id, opts)),
    'cadence webhooks deliveries 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 --json',
  );
  example(
    webhooks.command('redeliver').description('send one delivery again now').argument('<delivery-id>').action(async (id, _o, cmd) => (await import('./commands/webhooks')).redeliver(ctx(cmd), id)),
    'cadence webhooks redeliver 9a0e1b6f-2d9c-4e71-8c1e-3f2b7d4a4c55',
  );
  example(
    webhooks.command('rotate-secret').description('a new signing secret, printed once; the old one stops at once').argument('<id>').action(async (id, _o, cmd) => (await import('./commands/webhooks')).rotateSecret(ctx(cmd), id)),
    'cadence webhooks rotate-secret 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71',
  );
  example(
    webhooks.command('remove').description('remove an endpoint and its log (asks first on a terminal)').argument('<id>').action(async (id, _o, cmd) => (await import('./commands/webhooks')).removeWebhook(ctx(cmd), id)),
    'cadence webhooks remove 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 --yes',
  );

  const views = program.command('views').description('saved views: yours and the ones shared with the team');
  example(
    views.command('list').description('name, dashboard, sharing, campaign count and owner of each view you see').action(async (_o, cmd) => (await import('./commands/views')).listViews(ctx(cmd))),
    'cadence views list --json',
  );
  example(
    views
      .command('show')
      .description('one view: its fields, its campaign count and the link that opens it')
      .argument('<view>', 'the view\'s name (ignoring case) or id')
      .action(async (view, _o, cmd) => (await import('./commands/views')).showView(ctx(cmd), view)),
    'cadence views show "Live email"',
  );
  example(
    views
      .command('delete')
      .description('delete a view (asks first on a terminal; a name two views share is refused, give the id)')
      .argument('<view>', 'the view\'s name (ignoring case) or id')
      .action(async (view, _o, cmd) => (await import('./commands/views')).deleteView(ctx(cmd), view)),
    'cadence views delete "Live email" --yes',
  );
  example(
    views
      .command('restore')
      .description('bring back a view you deleted in the last 24 hours, with its id and owner')
      .argument('<id>', 'the id `views delete` printed')
      .action(async (id, _o, cmd) => (await import('./commands/views')).restoreView(ctx(cmd), id)),
    'cadence views restore 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71',
  );
  const baselines = program.command('baselines').description('saved baselines: named moments of the plan, the team\'s, to compare the plan now with ("Compare with…")');
  example(
    baselines.command('list').description('name, moment and who saved each baseline, newest moment first').action(async (_o, cmd) => (await import('./commands/baselines')).listBaselines(ctx(cmd))),
    'cadence baselines list --json',
  );
  example(
    baselines
      .command('save')
      .description('save a baseline (administrators and whoever may create campaigns)')
      .argument('<name>', 'its name, unique ignoring case')
      .option('--at <moment>', 'a past moment with its offset, e.g. 2027-01-03T09:00:00Z (default: now)')
      .action(async (name, opts, cmd) => (await import('./commands/baselines')).saveBaseline(ctx(cmd), name, opts)),
    'cadence baselines save "Q1 plan, approved 3 Jan" --at 2027-01-03T09:00:00Z',
  );
  example(
    baselines
      .command('rename')
      .description('rename a baseline (its creator or an administrator); its moment stays')
      .argument('<baseline>', 'its name or id')
      .argument('<new-name>', 'the new name')
      .action(async (baseline, newName, _o, cmd) => (await import('./commands/baselines')).renameBaseline(ctx(cmd), baseline, newName)),
    'cadence baselines rename "Q1 plan" "Q1 plan, approved 3 Jan"',
  );
  example(
    baselines
      .command('delete')
      .description('delete a baseline (its creator or an administrator; asks first on a terminal)')
      .argument('<baseline>', 'its name or id')
      .action(async (baseline, _o, cmd) => (await import('./commands/baselines')).deleteBaseline(ctx(cmd), baseline)),
    'cadence baselines delete "Q1 plan" --yes',
  );
  const links = program.command('links').description('stakeholder links: saved views shared read-only with people who have no account');
  example(
    links
      .command('list')
      .description('your open links (an administrator: everyone\'s) with their view, expiry, visits and shown fields')
      .option('--all', 'include revoked and expired links')
      .action(async (opts, cmd) => (await import('./commands/links')).listLinks(ctx(cmd), opts)),
    'cadence links list',
    'cadence links list --all --json',
  );
  example(
    links.command('revoke').description('revoke a link; its page stops working at once').argument('<id>').action(async (id, _o, cmd) => (await import('./commands/links')).revokeLink(ctx(cmd), id)),
    'cadence links revoke 3f2c… --yes',
  );
  example(keys.command('list').description('active keys (never their secrets)').action(async (_o, cmd) => (await import('./commands/keys')).listKeys(ctx(cmd))), 'cadence keys list --json');
  example(
    keys.command('revoke').description('revoke a key; it stops working at once').argument('<id>').action(async (id, _o, cmd) => (await import('./commands/keys')).revokeKey(ctx(cmd), id)),
    'cadence keys revoke 3f2c… --yes',
  );

  const tasks = program.command('tasks').description("campaigns' tasks: list them, add one, mark one done");
  example(
    tasks
      .command('list')
      .description('open tasks (or --status done|all): one campaign\'s in their order, or every campaign\'s you may read by due date; ! marks overdue')
      .option('--campaign <id>', "only this campaign's tasks")
      .option('--mine', 'only tasks assigned to you (an access key: to its creator)')
      .addOption(new Option('--status <status>', 'open, done or all').choices(['open', 'done', 'all']).default('open'))
      .action(async (opts, cmd) => (await import('./commands/tasks')).listTasks(ctx(cmd), opts)),
    'cadence tasks list --mine',
    'cadence tasks list --campaign 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 --status all --json',
  );
  example(
    tasks
      .command('add')
      .description("add a task at the end of a campaign's list (you need the right to change the campaign)")
      .argument('<campaign>', "the campaign's id")
      .requiredOption('--title <title>', 'what is to be done (1–200 characters)')
      .option('--due <date>', 'due date, YYYY-MM-DD')
      .option('--assignee <who>', 'e-mail or user id of someone who may see the campaign')
      .option('--required', 'required before go-live')
      .action(async (campaign, opts, cmd) => (await import('./commands/tasks')).addTask(ctx(cmd), campaign, opts)),
    'cadence tasks add 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 --title "Legal review" --due 2026-03-10 --assignee ann@example.com --required',
  );
  example(
    tasks
      .command('done')
      .description("mark a task done (its assignee may, with the right to see the campaign alone)")
      .argument('<task>', "the task's id (the ID column of `cadence tasks list`)")
      .action(async (task, _o, cmd) => (await import('./commands/tasks')).completeTask(ctx(cmd), task)),
    'cadence tasks done 9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  );

  const approvals = program.command('approvals').description('approvals per channel: the rules, a campaign\'s state, a review request');
  const rules = approvals.command('rules').description("channels' approval rules");
  example(rules.command('list').description("every channel's rule and reviewers").action(async (_o, cmd) => (await import('./commands/approvals')).listRules(ctx(cmd))), 'cadence approvals rules list');
  example(
    rules
      .command('set')
      .description("set a channel's approval rule (administrators); every reviewer needs rights on the channel")
      .argument('<channel>', 'the channel, e.g. email')
      .addOption(new Option('--rule <rule>', 'none, one reviewer of each step, or every reviewer of each step').choices(['none', 'one', 'every']).makeOptionMandatory())
      .option('--reviewers <list>', 'one step: reviewers by e-mail, comma-separated')
      .option('--steps <steps>', 'several steps in order: "Legal=a@x.com;Brand=b@x.com,c@x.com"')
      .action(async (channel, opts, cmd) => (await import('./commands/approvals')).setRule(ctx(cmd), channel, opts)),
    'cadence approvals rules set email --rule one --reviewers ann@example.com,bob@example.com',
    'cadence approvals rules set social --rule every --steps "Legal=lee@example.com;Brand=bea@example.com"',
  );
  example(
    approvals
      .command('status')
      .description("a campaign's approval state per channel, and whether it may go live")
      .argument('<campaign>', "the campaign's id")
      .action(async (campaign, _o, cmd) => (await import('./commands/approvals')).approvalStatus(ctx(cmd), campaign)),
    'cadence approvals status 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 --json',
  );
  example(
    approvals
      .command('request')
      .description("request review of a campaign: its channels' reviewers are notified")
      .argument('<campaign>', "the campaign's id")
      .option('--comment <text>', 'a note for the reviewers')
      .action(async (campaign, opts, cmd) => (await import('./commands/approvals')).requestReview(ctx(cmd), campaign, opts)),
    'cadence approvals request 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 --comment "Final copy attached"',
  );

  const notify = program.command('notify').description('your notifications: how you hear about each kind (in the app, e-mail at once, daily digest)');
  example(
    notify
      .command('prefs')
      .description('show your notification settings; --set kind=delivery (app, email or digest) changes kinds, the rest stay')
      .option('--set <kind=delivery>', 'e.g. task_assigned=email (comma-separated, repeatable)', collect)
      .option('--digest-time <HH:MM>', 'when the daily digest leaves, in your time zone')
      .option('--time-zone <zone>', 'your IANA time zone, e.g. Europe/Paris')
      .action(async (opts, cmd) => (await import('./commands/notify')).notifyPrefs(ctx(cmd), opts)),
    'cadence notify prefs --set task_assigned=email --set campaign_changed=app --digest-time 07:30',
  );

  const calendar = program.command('calendar').description('the working calendar: weekend and closed days (holidays, blackout dates) that task offsets and re-planning skip');
  example(
    calendar
      .command('list')
      .description('the weekend and the closed days (anyone signed in, access keys too)')
      .option('--from <date>', 'from this day, YYYY-MM-DD')
      .option('--to <date>', 'to this day, YYYY-MM-DD')
      .action(async (opts, cmd) => (await import('./commands/calendar')).listCalendar(ctx(cmd), opts)),
    'cadence calendar list --from 2026-12-01 --to 2026-12-31',
  );
  example(
    calendar
      .command('add')
      .description('close a day (administrators)')
      .argument('<day>', 'the day, YYYY-MM-DD')
      .requiredOption('--label <label>', 'what it is, e.g. "Christmas Day"')
      .addOption(new Option('--kind <kind>', 'holiday or blackout').choices(['holiday', 'blackout']))
      .action(async (day, opts, cmd) => (await import('./commands/calendar')).closeDay(ctx(cmd), day, opts)),
    'cadence calendar add 2026-12-25 --label "Christmas Day"',
  );
  example(
    calendar
      .command('remove')
      .description('open a closed day again (administrators)')
      .argument('<day>', 'the day, YYYY-MM-DD')
      .action(async (day, _o, cmd) => (await import('./commands/calendar')).reopenDay(ctx(cmd), day)),
    'cadence calendar remove 2026-12-25',
  );
  example(
    calendar
      .command('import')
      .description("close the days of an .ics file's all-day events; days closed already stay (administrators)")
      .argument('<file>', 'an iCalendar file (.ics)')
      .addOption(new Option('--kind <kind>', 'holiday or blackout').choices(['holiday', 'blackout']))
      .action(async (file, opts, cmd) => (await import('./commands/calendar')).importIcs(ctx(cmd), file, opts)),
    'cadence calendar import public-holidays.ics',
  );
  example(
    calendar
      .command('weekend')
      .description('set the weekend days (administrators)')
      .argument('<days...>', 'weekday names, e.g. sat sun')
      .action(async (days, _o, cmd) => (await import('./commands/calendar')).setWeekend(ctx(cmd), days)),
    'cadence calendar weekend fri sat',
  );

  const planningRules = program.command('rules').description('planning rules: limits on go-lives per channel, audience or owner, non-working days, gaps (each a warning or a block)');
  example(
    planningRules
      .command('list')
      .description('every planning rule in words (anyone signed in, access keys too)')
      .action(async (_o, cmd) => (await import('./commands/rules')).listRules(ctx(cmd))),
    'cadence rules list',
  );
  example(
    planningRules
      .command('export')
      .description('the planning rules as JSON, to import elsewhere')
      .option('--out <file>', 'write to this file instead of standard output')
      .action(async (opts, cmd) => (await import('./commands/rules')).exportRules(ctx(cmd), opts)),
    'cadence rules export --out rules.json',
  );
  example(
    planningRules
      .command('import')
      .description('replace every planning rule with a JSON file\'s, all or nothing (administrators)')
      .argument('<file>', 'JSON: {"rules": [...]} as export writes it, or a list')
      .action(async (file, _o, cmd) => (await import('./commands/rules')).importRules(ctx(cmd), file)),
    'cadence rules import rules.json',
  );
  const conflicts = program.command('conflicts').description("where the plan breaks the planning rules");
  example(
    conflicts
      .command('list')
      .description('every conflict with a go-live in the window (at most 366 days)')
      .requiredOption('--from <date>', 'from this day, YYYY-MM-DD')
      .requiredOption('--to <date>', 'to this day, YYYY-MM-DD')
      .option('--csv', 'CSV instead of a table')
      .action(async (opts, cmd) => (await import('./commands/rules')).listConflicts(ctx(cmd), opts)),
    'cadence conflicts list --from 2027-01-01 --to 2027-03-31 --csv > conflicts.csv',
  );

  example(
    program
      .command('import')
      .description('import a CSV or .xlsx file, all or nothing: prospective-publications, campaigns or events')
      .addArgument(new Command().createArgument('<kind>', 'what to import').choices(['prospective-publications', 'campaigns', 'events']))
      .argument('<file>', '.csv or .xlsx (see `cadence template <kind>` for the columns)')
      .option('--dry-run', 'check everything and report, but save nothing')
      .option('--skip-existing', 'skip rows that already exist (same name; for campaigns title and live date; for events name and start date)')
      .action(async (kind, file, opts, cmd) => (await import('./commands/import')).runImport(ctx(cmd), kind, file, opts)),
    'cadence template campaigns > campaigns.csv',
    'cadence import campaigns campaigns.csv --dry-run',
    'cadence import prospective-publications pubs.xlsx --skip-existing',
  );

  example(
    program
      .command('export')
      .description('export campaigns as CSV (re-importable) or iCalendar, or tasks as CSV (campaign, title, assignee e-mail, due date, status, required), to stdout or --out')
      .argument('<what>', 'campaigns or tasks')
      .addOption(new Option('--format <format>', 'csv or ics (campaigns only)').choices(['csv', 'ics']))
      .option('--channel <channel>', 'only these channels (repeatable, or comma-separated)', collect)
      .option('--from <date>', 'only campaigns touching this window: first day (YYYY-MM-DD)')
      .option('--to <date>', 'last day of the window (YYYY-MM-DD)')
      .option('--view <name>', 'only the campaigns a saved view shows (its name or id)')
      .option('--out <file>', 'write to a file instead of stdout')
      .option('--status <status>', 'tasks: open, done or all (default all)')
      .option('--mine', 'tasks: only those assigned to you (an access key: to its creator)')
      .option('--campaign <id>', "tasks: only this campaign's")
      .action(async (what, opts, cmd) => (await import('./commands/export')).exportCampaigns(ctx(cmd), what, opts)),
    'cadence export campaigns --format ics --channel email > email.ics',
    'cadence export campaigns --from 2026-01-01 --to 2026-03-31 --out q1.csv',
    'cadence export campaigns --view "Live email" --format ics > live-email.ics',
    'cadence export tasks --status open --mine --out my-tasks.csv',
  );

  const history = program
    .command('history')
    .description('who changed what, newest first, streamed a page at a time (a year of history never sits in memory)')
    .option('--resource <resource>', 'only this kind of row: campaigns, ideas, comments, publications, ad-types, ads, prospective-publications, articles, events, permissions, roles, access-keys')
    .option('--id <id>', 'only this row')
    .option('--actor <who>', 'only changes by this user (e-mail or id)')
    .option('--since <when>', 'from this date (YYYY-MM-DD) or time (2026-11-24T09:30:00Z), inclusive')
    .option('--until <when>', 'before this date or time')
    .option('--page-size <n>', 'entries per request (1–500)', '500')
    .action(async (opts, cmd) => (await import('./commands/history')).listHistory(ctx(cmd), opts))
    .addHelpText(
      'after',
      '\nText output: one line per entry — #id, time (UTC), who (and the key, if one was used), action, resource and row, ' +
        'and for an update each field as old → new.\n' +
        '--json prints JSON Lines: one object per line, newest first, with id, at, actor {id, email}, key {id, name} or null, ' +
        'request_id, resource, row_id, action (create, update, delete, promote, grant, revoke, role, import), ' +
        'changes {field: {before, after}} or null, row (a deleted row, an import\'s {imported}, a permission) or null, and reverts (an entry id) or null.',
    );
  example(history, 'cadence history --resource campaigns --since 2026-11-01', 'cadence history --actor ann@example.com --json | jq -r .action');
  example(
    history
      .command('revert')
      .description("put back what an entry changed, as a normal write; refused when a later change touched the same fields")
      .argument('<entry>', 'the entry number (the # column)')
      .option('--dry-run', 'show what would be written, and write nothing')
      .action(async (entry, opts, cmd) => (await import('./commands/history')).revertHistory(ctx(cmd), entry, opts)),
    'cadence history revert 1234 --dry-run',
  );

  example(
    program
      .command('template')
      .description("print the CSV import file's columns for prospective-publications, campaigns or events (campaign templates: `cadence templates`)")
      .argument('<name>')
      .option('--out <file>', 'write to a file instead of stdout')
      .action(async (name, opts, cmd) => (await import('./commands/template')).printTemplate(ctx(cmd), name, opts)),
    'cadence template prospective-publications --out prospective_publications_template.csv',
  );

  // Campaign templates back-timed from go-live (docs/adr/0054); `cadence template` above prints CSV column templates.
  const templates = program.command('templates').description('campaign templates back-timed from go-live: list, export and import as JSON, apply to many campaigns');
  example(
    templates.command('list').description('every campaign template: tasks, roles, planning start').action(async (_o, cmd) => (await import('./commands/templates')).listTemplates(ctx(cmd))),
    'cadence templates list --json',
  );
  example(
    templates
      .command('export')
      .description('a template as JSON (what import reads), to stdout or --out')
      .argument('<template>', "the template's id or name")
      .option('--out <file>', 'write to a file instead of stdout')
      .action(async (which, opts, cmd) => (await import('./commands/templates')).exportTemplate(ctx(cmd), which, opts)),
    'cadence templates export "Product launch" --out launch.json',
  );
  example(
    templates
      .command('import')
      .description('add the template a JSON file holds (administrators); refused whole, naming the field, e.g. a task with an unknown role')
      .argument('<file>', 'a .json file as export writes it')
      .action(async (file, _o, cmd) => (await import('./commands/templates')).importTemplate(ctx(cmd), file)),
    'cadence templates import launch.json',
  );
  example(
    templates
      .command('apply')
      .description('create many campaigns from one template, every task placed from each go-live: all or nothing (a bad row creates none and is named)')
      .argument('<template>', "the template's id or name")
      .requiredOption('--file <file>', '.csv (title, live_date, owner, role:<Role>… columns; people by e-mail or id) or .json ([{title, live_date, owner, roles: {Role: e-mail}}])')
      .action(async (which, opts, cmd) => (await import('./commands/templates')).applyTemplate(ctx(cmd), which, opts)),
    'cadence templates apply "Webinar" --file webinars.csv',
  );

  program.exitOverride();
  for (const cmd of program.commands) {
    cmd.exitOverride();
    for (const sub of cmd.commands) sub.exitOverride();
  }
  return program;
}

export { CommanderError };
