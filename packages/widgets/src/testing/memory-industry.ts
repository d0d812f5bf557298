import {
  CadenceApiError,
  parseProspectiveCsv,
  type Ad,
  type AdType,
  type Article,
  type CadenceClient,
  type HistoryResource,
  type ProspectivePublication,
  type Publication,
} from '@cadence/core';
import {
  adCreateSchema,
  adTypeCreateSchema,
  adTypeUpdateSchema,
  adUpdateSchema,
  articleCreateSchema,
  articleUpdateSchema,
  prospectiveCreateSchema,
  prospectiveUpdateSchema,
  publicationCreateSchema,
  publicationUpdateSchema,
} from '@cadence/core/schemas';
import { memoryTable, notFound, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';

export interface IndustryData {
  publications: Publication[];
  adTypes: AdType[];
  ads: Ad[];
  prospective: ProspectivePublication[];
  articles: Article[];
}

interface Ctx {
  run: Run;
  now: () => string;
  userId: string;
  canRead: () => boolean;
  canWrite: () => boolean;
  log: MemoryLog;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Publications, ad types, ads (joined as the server joins them), prospective publications and articles. */
/** A Blob's text; jsdom's Blob has no `text()`, its FileReader reads it. */
export const blobText = (blob: Blob): Promise<string> =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
        reader.readAsText(blob);
      });

export function memoryIndustry(data: IndustryData, ctx: Ctx): Pick<CadenceClient, 'publications' | 'adTypes' | 'ads' | 'prospective' | 'articles'> {
  const base = { run: ctx.run, now: ctx.now, userId: ctx.userId, canRead: ctx.canRead, canWrite: ctx.canWrite };
  const history = (resource: HistoryResource) => ({ history: { log: ctx.log, resource } });
  const { publications: pubs, adTypes: types, ads: adRows } = data;
  const publications = memoryTable(pubs, {
    ...base, ...history('publications'), name: 'publications', defaults: { category: null, description: null, target_audience: null, region: null, industry_tags: [], notes: null }, create: publicationCreateSchema, update: publicationUpdateSchema, compare: byName,
    onRemove: (p) => {
      for (const list of [types, adRows] as Array<Array<{ publication_id: string }>>) {
        for (let i = list.length - 1; i >= 0; i--) if (list[i]?.publication_id === p.id) list.splice(i, 1);
      }
    },
  });
  const adTypes = memoryTable(types, {
    ...base, ...history('ad-types'), name: 'adTypes', defaults: { specifications: null, cost: null, copy_needs: null, image_needs: null, where_shows: null, example_image_url: null }, create: adTypeCreateSchema, update: adTypeUpdateSchema,
    compare: (a, b) => a.ad_type.localeCompare(b.ad_type),
    onRemove: (t) => adRows.forEach((a) => void (a.ad_type_id === t.id && (a.ad_type_id = null))),
  });
  const join = (a: Ad): Ad => {
    const t = types.find((x) => x.id === a.ad_type_id);
    return {
      ...a, publication_name: pubs.find((p) => p.id === a.publication_id)?.name ?? '', ad_type: t?.ad_type ?? null,
      copy_needs: t?.copy_needs ?? null, image_needs: t?.image_needs ?? null, where_shows: t?.where_shows ?? null,
      example_image_url: t?.example_image_url ?? null,
    };
  };
  const ads = memoryTable(adRows, {
    ...base, ...history('ads'), name: 'ads', create: adCreateSchema, update: adUpdateSchema, present: join,
    compare: (a, b) => a.live_date.localeCompare(b.live_date),
    defaults: { content: null, notes: null, copy_images_link: null, region: null, audience: null, industry: null },
  });
  const prospective = memoryTable(data.prospective, {
    ...base, ...history('prospective-publications'), name: 'prospective', create: prospectiveCreateSchema, update: prospectiveUpdateSchema, compare: byName,
    defaults: { region: null, industry: null, audience: null, website: null, media_kit_link: null, contacts: null, notes: null },
  });
  const articles = memoryTable(data.articles, {
    ...base, ...history('articles'), name: 'articles', create: articleCreateSchema, update: articleUpdateSchema,
    compare: (a, b) => a.due_date.localeCompare(b.due_date),
    defaults: { publication_name: null, website_examples: null, copy_needs: null, website_focus_notes: null, image_needs: null, objective: null },
  });
  return {
    publications: publications as unknown as CadenceClient['publications'],
    adTypes: {
      get: adTypes.get, update: adTypes.update, remove: adTypes.remove,
      list: (publicationId) =>
        ctx.run('adTypes.list', () => (ctx.canRead() ? [...types].filter((t) => !publicationId || t.publication_id === publicationId).sort((a, b) => a.ad_type.localeCompare(b.ad_type)).map(adTypes.out) : []), [publicationId]),
      create: (publicationId, body) =>
        ctx.run('adTypes.create', () => {
          if (!pubs.some((p) => p.id === publicationId)) throw notFound();
          return adTypes.add(body, { publication_id: publicationId });
        }, [publicationId, body]),
    },
    ads: {
      ...ads,
      create: (body) =>
        ctx.run('ads.create', () => {
          if (!pubs.some((p) => p.id === body.publication_id) || !types.some((t) => t.id === body.ad_type_id)) throw notFound();
          return ads.add(body);
        }, [body]),
    } as CadenceClient['ads'],
    prospective: {
      ...prospective,
      create: (body) => prospective.create(body),
      createMany: (rows) => ctx.run('prospective.createMany', () => rows.map((r) => prospective.out(prospective.insert(r))), [rows]),
      // CSV only: reading a workbook is the server's (the real client sends an .xlsx as it is).
      importFile: async (file, o = {}) => {
        const csv = typeof file === 'string' ? file : await blobText(file);
        return ctx.run('prospective.importFile', () => {
          if (!ctx.canWrite()) throw new CadenceApiError(403, 'forbidden', 'You may not import prospective publications');
          if (csv.startsWith('PK')) throw new CadenceApiError(415, 'unsupported_media_type', 'The memory client reads CSV uploads only');
          const parsed = parseProspectiveCsv(csv);
          if (parsed.error) throw new CadenceApiError(400, 'validation_failed', parsed.error);
          const existing = new Set(data.prospective.map((p) => p.name.toLowerCase()));
          const skipped = parsed.skipped.slice();
          const keep = parsed.rows.filter((r) => !(o.skipExisting && existing.has(r.name.toLowerCase()) && skipped.push({ line: r.line, reason: 'Already exists' })));
          if (!o.dryRun) keep.forEach(({ line: _line, ...r }) => prospective.insert(r));
          return { rows: parsed.rows.length + parsed.skipped.length, imported: keep.length, skipped };
        }, [csv, o]);
      },
    } as CadenceClient['prospective'],
    articles: articles as unknown as CadenceClient['articles'],
  };
}
