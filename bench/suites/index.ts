import type { Suite } from '../lib/types.js';
import { bundleSuite } from './bundle.js';
import { chainSuite } from './chain.js';
import { coldStartSuite } from './cold-start.js';
import { dragSuite } from './drag.js';
import { httpSuite } from './http.js';
import { importSuite } from './import.js';
import { myWorkSuite } from './my-work.js';
import { realtimeSuite } from './realtime.js';
import { renderSuite } from './render.js';
import { replanSuite } from './replan.js';
import { rulesSuite } from './rules.js';
import { signinSuite } from './signin.js';
import { spaSuite } from './spa.js';
import { storageSuite } from './storage.js';
import { teamSuite } from './team.js';
import { watchersSuite } from './watchers.js';
import { webhooksSuite } from './webhooks.js';
import { writesSuite } from './writes.js';

/** In the order they run: build-only and browser suites first, then the server and database ones. */
export const suites: Suite[] = [bundleSuite, renderSuite, myWorkSuite, rulesSuite, spaSuite, dragSuite, coldStartSuite, signinSuite, httpSuite, realtimeSuite, writesSuite, teamSuite, replanSuite, watchersSuite, importSuite, storageSuite, webhooksSuite, chainSuite];
