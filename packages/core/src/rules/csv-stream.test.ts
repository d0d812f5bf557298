import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords, parseProspectiveCsv, type CsvRecord } from './csv';

/** The character-by-character reader that parseCsvRecords replaced: the reference for its rules. */
function referenceRecords(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let started = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    const crlf = ch === '\r' && src[i + 1] === '\n';
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n' || ch === '\r') line++;
        field += crlf ? '\r\n' : ch;
        if (crlf) i++;
      }
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      started = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      started = true;
    } else if (ch === '\n' || ch === '\r') {
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      started = false;
      if (crlf) i++;
      recordLine = ++line;
    } else {
      field += ch;
      started = true;
    }
  }
  if (started) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  while (records.length > 0 && records[records.length - 1]!.fields.every((f) => f.trim() === '')) records.pop();
  return records;
}

/** A stream read in pieces cut at `cuts`, the way the server and the CLI read an upload. */
function chunkedRecords(text: string, cuts: number[]): CsvRecord[] {
  const out: CsvRecord[] = [];
  let tail = '';
  let line = 1;
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const piece = tail + text.slice(from, cut);
    from = cut;
    const chunk = parseCsvRecords(piece, { partial: true, firstLine: line });
    out.push(...chunk);
    tail = piece.slice(chunk.consumed);
    line = chunk.nextLine;
  }
  const last = parseCsvRecords(tail + text.slice(from), { firstLine: line });
  out.push(...last);
  // Trailing blank records of earlier pieces are only known to be trailing at the end.
  while (out.length > 0 && out[out.length - 1]!.fields.every((f) => f.trim() === '')) out.pop();
  return out;
}

const csvText = fc
  .array(fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', '\r\n', '""', 'é', '\uFEFF', '\t', 'xyz'), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('parseCsvRecords (fast reader)', () => {
  it('should read every text exactly as the reference reader', () => {
    fc.assert(fc.property(csvText, (text) => {
      expect(parseCsvRecords(text)).toEqual(referenceRecords(text));
    }), { numRuns: 3000 });
    fc.assert(fc.property(csvText, (text) => {
      expect(parseCsvRecords(`\uFEFF${text}`)).toEqual(referenceRecords(`\uFEFF${text}`));
    }), { numRuns: 500 });
  });

  it('should read a text cut into pieces exactly as in one piece', () => {
    fc.assert(
      fc.property(
        csvText.chain((text) => fc.tuple(fc.constant(text), fc.array(fc.nat({ max: text.length }), { maxLength: 6 }))),
        ([text, cuts]) => {
          expect(chunkedRecords(text, cuts)).toEqual(referenceRecords(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('should hold back a record that may continue: an open quote, a final CR or a final quote', () => {
    expect(parseCsvRecords('a,b\nc,"d\ne', { partial: true })).toMatchObject({ length: 1, consumed: 4, nextLine: 2 });
    expect(parseCsvRecords('a,b\r', { partial: true })).toMatchObject({ length: 0, consumed: 0, nextLine: 1 });
    expect(parseCsvRecords('x\n"a"', { partial: true })).toMatchObject({ length: 1, consumed: 2, nextLine: 2 });
    const chunk = parseCsvRecords('"q\nq",1\nnext', { partial: true, firstLine: 10 });
    expect([...chunk]).toEqual([{ line: 10, fields: ['q\nq', '1'] }]);
    expect(chunk.nextLine).toBe(12);
  });
});

describe('parseProspectiveCsv over data records', () => {
  it('should map records as the whole-file reader does, without the whole-file rules', () => {
    const text = 'Name,Region,Industry,Audience,Website\nAcme,NA,,,see acme.example/ads\n ,EMEA\n\nBeta';
    const whole = parseProspectiveCsv(text);
    const records = parseCsvRecords(text).slice(1);
    expect(parseProspectiveCsv(records)).toEqual({ rows: whole.rows, skipped: whole.skipped });
    expect(parseProspectiveCsv([{ line: 2, fields: ['', 'NA'] }])).toEqual({ rows: [], skipped: [{ line: 2, reason: 'Name is empty' }] });
    expect(parseProspectiveCsv([])).toEqual({ rows: [], skipped: [] });
  });
});

describe('parseProspectiveCsv over a stream', () => {
  async function streamed(text: string, cuts: number[], asBytes: boolean) {
    const bytes = new TextEncoder().encode(text);
    const whole = asBytes ? bytes : text;
    const sorted = [...cuts].map((c) => Math.min(c, whole.length)).sort((a, b) => a - b);
    async function* pieces() {
      let from = 0;
      for (const cut of [...sorted, whole.length]) {
        yield whole.slice(from, cut);
        from = cut;
      }
    }
    const rows: unknown[] = [];
    const skipped: unknown[] = [];
    const { error } = await parseProspectiveCsv(pieces(), (batch) => {
      rows.push(...batch.rows);
      skipped.push(...batch.skipped);
    });
    return error ? { rows, skipped, error } : { rows, skipped };
  }

  const cellText = fc.array(fc.constantFrom('a', 'Zoë', ' ', ',', '"', '\n', '\r\n', 'x.example', 'https://k.example/p', '日本'), { maxLength: 12 }).map((p) => p.join(''));
  const fileText = fc.tuple(fc.constantFrom('', '\uFEFF'), fc.array(cellText, { maxLength: 8 })).map(([bom, lines]) => bom + lines.join('\n'));

  it('should give the rows, skipped lines and file errors of the whole text, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileText.chain((text) => fc.tuple(fc.constant(text), fc.array(fc.nat({ max: text.length * 3 }), { maxLength: 5 }), fc.boolean())),
        async ([text, cuts, asBytes]) => {
          const whole = parseProspectiveCsv(text);
          const got = await streamed(text, cuts, asBytes);
          expect(got).toEqual(whole);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('should read a large file in one pass however long a quoted value runs', async () => {
    const text = `Name,Notes\n${'A,b\n'.repeat(1000)}Open,"${'x'.repeat(200_000)}`;
    const pieces = async function* () {
      for (let i = 0; i < text.length; i += 1000) yield text.slice(i, i + 1000);
    };
    let rows = 0;
    const started = performance.now();
    const { error } = await parseProspectiveCsv(pieces(), (b) => {
      rows += b.rows.length;
    });
    expect(error).toBeUndefined();
    expect(rows).toBe(1001);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
