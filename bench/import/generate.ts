/**
 * A deterministic prospective-publications CSV in the docs/product.md#bulk-upload template's columns (Name, Region,
 * Industry, Audience, Website, Media Kit Link, Contacts, Notes): unique names, quoted commas and
 * quotes, links with and without a scheme, a little non-ASCII text. Same seed, same bytes.
 */
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rng } from '../lib/random.js';

export const HEADER = 'Name,Region,Industry,Audience,Website,Media Kit Link,Contacts,Notes';
export const COLUMNS = ['name', 'region', 'industry', 'audience', 'website', 'media_kit_link', 'contacts', 'notes'] as const;


const ADJ = ['Modern', 'Global', 'Northern', 'Pacific', 'Urban', 'Rural', 'Digital', 'Advanced', 'Applied', 'Coastal', 'Alpine', 'Metro', 'Green', 'Smart', 'Precision', 'Bâtiment'];
const NOUN = ['Construction', 'Energy', 'Mining', 'Tunnels', 'Logistics', 'Healthcare', 'Retail', 'Farming', 'Aviation', 'Shipping', 'Water', 'Power', 'Robotics', 'Foundry', 'Textiles', 'Rail'];
const KIND = ['Weekly', 'Monthly', 'Review', 'Journal', 'Today', 'Insider', 'Digest', 'News', 'Quarterly', 'Report'];
const REGIONS = ['NA', 'EMEA', 'APAC', 'LATAM', 'Global', 'North America', 'DACH', 'Nordics'];
const INDUSTRIES = ['Construction', 'Energy', 'Mining', 'Manufacturing', 'Healthcare', 'Logistics', 'Agriculture', 'Utilities'];
const AUDIENCES = ['Contractors', 'Engineers', 'Project managers', 'Procurement', 'Executives', 'Architects', 'Operators', 'Buyers'];
const FIRST = ['Jane', 'John', 'Ana', 'Luis', 'Mei', 'Sven', 'Zoë', 'Omar', 'Priya', 'Tom'];
const LAST = ['Doe', 'Smith', 'García', 'Chen', 'Berg', 'Okafor', 'Müller', 'Patel', 'Rossi', 'Kim'];
const NOTES = [
  'Weekly newsletter, 40k subscribers',
  'Prefers "native" formats; no pop-ups',
  'Print and digital bundle available',
  'Contact before Q3 planning',
  '',
  'Media kit updated yearly',
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The file's text: header plus `rows` data rows, CRLF line ends as a spreadsheet writes them. */
export function prospectiveCsv(rows: number, seed = 20261122): string {
  const r = rng(seed);
  const out: string[] = [HEADER];
  for (let i = 0; i < rows; i++) {
    const name = `${pick(r, ADJ)} ${pick(r, NOUN)} ${pick(r, KIND)} ${i + 1}`;
    const slug = `pub${i + 1}`;
    const domain = `${slug}.${pick(r, ['example', 'example.com', 'example.org'])}`;
    const website = pick(r, [`https://www.${domain}`, `www.${domain}`, `see ${domain}/advertise`, `http://${domain}/`]);
    const kit = r() < 0.7 ? pick(r, [`https://${domain}/media-kit.pdf`, `${domain}/kit`, `Kit: https://cdn.${domain}/k.pdf`]) : '';
    const first = pick(r, FIRST);
    const last = pick(r, LAST);
    const contacts = r() < 0.8 ? `${first} ${last} <${first.toLowerCase()}@${domain}>${r() < 0.5 ? `, ads@${domain}` : ''}` : '';
    out.push(
      [name, pick(r, REGIONS), pick(r, INDUSTRIES), `${pick(r, AUDIENCES)}, ${pick(r, AUDIENCES)}`, website, kit, contacts, pick(r, NOTES)]
        .map(csvCell)
        .join(','),
    );
  }
  return out.join('\r\n') + '\r\n';
}

/** Writes the file once into `dir` (kept between runs: generation is not what is measured). */
export function ensureProspectiveCsv(dir: string, rows: number): { file: string; bytes: number } {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `prospective-${rows}.csv`);
  if (!existsSync(file)) {
    writeFileSync(`${file}.tmp`, prospectiveCsv(rows));
    renameSync(`${file}.tmp`, file);
  }
  return { file, bytes: statSync(file).size };
}
