/**
 * One simulated Global Calendar dashboard in Node: core's HTTP and realtime clients and the
 * widgets' query store holding what the dashboard holds after a visit to the Timeline tab and
 * back to the Calendar (the default tab): the session, the stat cards' counts, the calendar's
 * month window and the ads/events shown on it (on screen), and the Gantt's quarter (cached, off
 * screen). `in-place` subscribes exactly as <CadenceProvider> does (connectRealtime, ADR 21);
 * `refetch` is the design before ADR 20/21: the stat cards read the whole list and every change
 * refetches every campaign list on screen.
 */
import {
  ALL_REFRESHED_KINDS,
  TOPIC_REFRESHES,
  createHttpClient,
  queryKeyHash,
  createRealtimeClient,
  ganttRange,
  visibleWindow,
  type CadenceClient,
  type CampaignListQuery,
  type QueryKey,
  type QueryKind,
  type RealtimeClient,
  type RealtimeTopic,
  type TopicRefresh,
} from '../../packages/core/src/index.js';
import { campaignsKey } from '../../packages/widgets/src/provider/campaign-queries.js';
import { QueryStore } from '../../packages/widgets/src/provider/query-store.js';
import { connectRealtime, type RealtimeLike } from '../../packages/widgets/src/provider/realtime-changes.js';
import { countsReflect, listReflects, type WriteExpectation } from './consistency.js';
import { Wire } from './wire.js';

export type DashboardMode = 'in-place' | 'refetch';

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const clock = (): number => performance.timeOrigin + performance.now();

export interface DashboardOptions {
  apiUrl: string;
  token: string;
  mode: DashboardMode;
  /** The day the dashboard opens on. */
  today: string;
}

/**
 * The provider before ADR 21: any change on a topic refetches every key of it that is on screen,
 * superseding a request already running (as its store did), and drops the others.
 */
function connectRefetching(store: QueryStore, realtime: RealtimeLike, fetchers: Map<string, () => Promise<unknown>>, shown: Set<string>): void {
  const refetch = (kind: QueryKind) => {
    for (const key of store.keys(kind)) {
      const hash = queryKeyHash(key);
      if (!shown.has(hash)) store.invalidate(key);
      else {
        store.update(key, (d) => d); // supersedes a running request
        void store.fetch(key, fetchers.get(hash)!, { force: true });
      }
    }
  };
  for (const [topic, list] of Object.entries(TOPIC_REFRESHES) as Array<[RealtimeTopic, readonly TopicRefresh[]]>) {
    for (const { kinds, filter } of list) realtime.subscribe(topic, () => kinds.forEach(refetch), filter);
  }
  realtime.onResync?.(() => ALL_REFRESHED_KINDS.forEach(refetch));
}

/** The stat cards' counts, unfiltered. */
export const STATS_KEY: QueryKey = ['campaignStats', {}];

interface RowIndex {
  byId: Map<string, { id: string; title: string }>;
  byTitle: Map<string, { id: string; title: string }>;
}

export class Dashboard {
  readonly store = new QueryStore();
  readonly wire = new Wire();
  private readonly client: CadenceClient;
  private realtime: RealtimeClient | undefined;
  private readonly pending = new Map<number, WriteExpectation>();
  /** Write index → when this dashboard's cache first reflected it. */
  readonly consistentAt = new Map<number, number>();
  /** Write index → when the cached campaign lists (not the counts) first reflected it. */
  readonly listsAt = new Map<number, number>();
  /** Change messages and resyncs received. */
  changes = 0;
  resyncs = 0;
  /** By key (its text, queryKeyHash). */
  private readonly fetchers = new Map<string, () => Promise<unknown>>();
  /** Round trips of the counts' requests, ms. */
  readonly countsMs: number[] = [];
  /** When a change message arrived, by the row's title (insert, update) or id (delete). */
  private readonly received = new Map<string, number>();
  /** When the request that produced a stats answer was made, or when counts were adjusted in place. */
  private readonly countsAt = new WeakMap<object, number>();
  /** Keys (their text) a component reads; the others are checked only while not stale (stale = refetched when next shown). */
  private readonly shown = new Set<string>();

  constructor(private readonly options: DashboardOptions) {
    this.client = createHttpClient({ apiUrl: options.apiUrl, getToken: () => options.token, fetch: this.wire.fetch });
  }

  /** First render: every query fetched (the Gantt's before the user went back to the Calendar), then the feed. */
  async open(): Promise<void> {
    const { store, client } = this;
    const month = visibleWindow(this.options.today, 'month');
    const quarter = ganttRange(this.options.today, 'quarter');
    const lists: CampaignListQuery[] = this.options.mode === 'refetch' ? [{}, month] : [month];
    const onScreen: Array<[QueryKey, () => Promise<unknown>]> = [
      [['session'], () => client.auth.user()],
      [['virtual', {}], () => client.dashboard.virtual()],
      ...lists.map((q): [QueryKey, () => Promise<unknown>] => [campaignsKey(q), () => client.campaigns.list(q)]),
    ];
    if (this.options.mode === 'in-place') {
      onScreen.push([
        STATS_KEY,
        async () => {
          const at = clock();
          const stats = await client.campaigns.stats();
          this.countsMs.push(clock() - at);
          this.countsAt.set(stats, at);
          return stats;
        },
      ]);
    }
    if (this.options.mode === 'in-place') {
      // Counts adjusted in place from a change (ADR 21) are a new object no request produced:
      // they date from the moment they changed. Subscribed first, so a check sees the date.
      store.subscribe(STATS_KEY, () => {
        const counts = store.get<object>(STATS_KEY).data;
        if (counts && !this.countsAt.has(counts)) this.countsAt.set(counts, clock());
      });
    }
    const gantt: CampaignListQuery = { from: quarter.start, to: quarter.end };
    await store.fetch(campaignsKey(gantt), () => client.campaigns.list(gantt));
    // A component reading a key is what makes it "on screen" (useSyncExternalStore subscribes).
    for (const [key, fetcher] of onScreen) {
      this.fetchers.set(queryKeyHash(key), fetcher);
      this.shown.add(queryKeyHash(key));
      store.subscribe(key, () => this.check());
    }
    await Promise.all(onScreen.map(([key, fetcher]) => store.fetch(key, fetcher)));
    for (const [key] of onScreen) if (store.get(key).status !== 'success') throw new Error(`dashboard could not load ${queryKeyHash(key)}`);

    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    this.realtime = createRealtimeClient({
      apiUrl: this.options.apiUrl,
      getToken: () => this.options.token,
      socketFactory: this.wire.socket,
      onStatus: (s) => s === 'open' && opened(),
    });
    const rt = this.realtime;
    // Instrumented only to note when each change arrived and to check right after it was handled.
    const observed: RealtimeLike = {
      subscribe: (topic, onChange, filter) =>
        rt.subscribe(topic, (change) => {
          const key = change.op === 'delete' ? change.id : (change.row as { title?: string } | undefined)?.title;
          this.changes += 1;
          if (key && !this.received.has(key)) this.received.set(key, clock());
          onChange(change);
          this.check();
        }, filter),
      onResync: (h) => rt.onResync(() => {
        this.resyncs += 1;
        h();
      }),
    };
    if (this.options.mode === 'in-place') connectRealtime(store, observed);
    else connectRefetching(store, observed, this.fetchers, this.shown);
    await isOpen;
  }

  /** A list's rows by id and by title, built once per list (the store replaces a list it changes). */
  private readonly indexes = new WeakMap<object, RowIndex>();
  private indexed(list: Array<{ id: string; title: string }>): RowIndex {
    let index = this.indexes.get(list);
    if (!index) {
      index = { byId: new Map(list.map((c) => [c.id, c])), byTitle: new Map(list.map((c) => [c.title, c])) };
      this.indexes.set(list, index);
    }
    return index;
  }

  /** A write is about to be made: from now on the dashboard is checked against it. */
  expect(w: WriteExpectation): void {
    this.pending.set(w.k, w);
    this.check();
  }

  get settled(): boolean {
    return this.pending.size === 0;
  }

  /** Notes the time every pending write became reflected in every cached query that is not stale. */
  check(): void {
    if (!this.pending.size) return;
    const lists = this.store.keys('campaigns').flatMap((key) => {
      const data = this.store.get<Array<{ id: string; title: string }>>(key).data;
      return data && (this.shown.has(queryKeyHash(key)) || !this.store.isStale(key)) ? [{ query: key[1], data: this.indexed(data) }] : [];
    });
    const stats = this.options.mode === 'in-place' ? this.store.get<object>(STATS_KEY).data : undefined;
    const now = clock();
    for (const w of this.pending.values()) {
      if (!lists.every((l) => listReflects(l.data, l.query, w))) continue;
      if (!this.listsAt.has(w.k)) this.listsAt.set(w.k, now);
      if (this.options.mode === 'in-place' && !countsReflect(stats && this.countsAt.get(stats), this.received.get(w.op === 'delete' ? w.id! : w.title))) continue;
      this.consistentAt.set(w.k, now);
      this.pending.delete(w.k);
    }
  }

  close(): void {
    this.realtime?.close();
    this.wire.close();
  }
}
