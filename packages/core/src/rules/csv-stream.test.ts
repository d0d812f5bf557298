import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { csvRecordBatches, CsvSyntaxError, parseCsvRecords, type CsvRecord } from './csv';
import { parseProspectiveCsv } from './imports/prospective-csv';

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

/** A text cut into pieces at `cuts`, as text or as UTF-8 bytes, the way the server and the CLI read an upload. */
async function* piecesOf(text: string, cuts: number[], asBytes: boolean): AsyncGenerator<string | Uint8Array> {
  const whole = asBytes ? new TextEncoder().encode(text) : text;
  let from = 0;
  for (const cut of [...cuts.map((c) => Math.min(c, whole.length)), whole.length].sort((a, b) => a - b)) {
    yield whole.slice(from, cut);
    from = cut;
  }
}

type Read = CsvRecord[] | { line: number; message: string };

const refusal = (err: unknown) => {
  if (err instanceof CsvSyntaxError) return { line: err.line, message: err.message };
  throw err;
};

function wholeRead(text: string): Read {
  try {
    return parseCsvRecords(text);
  } catch (err) {
    return refusal(err);
  }
}

async function streamedRead(pieces: AsyncIterable<string | Uint8Array>): Promise<Read> {
  const out: CsvRecord[] = [];
  try {
    for await (const batch of csvRecordBatches(pieces)) out.push(...batch);
  } catch (err) {
    return refusal(err);
  }
  // Trailing blank records are only known to be trailing at the end.
  while (out.length > 0 && out[out.length - 1]!.fields.every((f) => f.trim() === '')) out.pop();
  return out;
}

/** Any text, CSV or not. */
const csvText = fc
  .array(fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', '\r\n', '""', 'é', '\uFEFF', '\t', 'xyz', '日本'), { maxLength: 60 })
  .map((parts) => parts.join(''));

/**
 * Well-formed CSV: unquoted values without spaces at their ends (a stray quote inside one is
 * fine), quoted values holding anything (spaces before the opening quote allowed), any line ends.
 */
const unquoted = fc
  .tuple(fc.constantFrom('a', 'xyz', 'é', '日本', '5'), fc.array(fc.constantFrom('a', ' ', '"', 'b', '\t', 'é'), { maxLength: 4 }), fc.constantFrom('', 'z', '"'))
  .map(([first, middle, last]) => (last === '' && middle.length && /\s$/.test(middle.join('')) ? first : first + middle.join('') + last));
const quoted = fc
  .tuple(fc.constantFrom('', ' ', '  '), fc.array(fc.constantFrom('a', ' ', ',', '""', '\n', '\r', '\r\n', '\uFEFF', 'é', '\t'), { maxLength: 8 }))
  .map(([before, parts]) => `${before}"${parts.join('')}"`);
const wellFormed = fc
  .tuple(
    fc.constantFrom('', '\uFEFF'),
    fc.array(fc.array(fc.oneof(fc.constant(''), unquoted, quoted), { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
    fc.array(fc.constantFrom('\n', '\r\n', '\r'), { minLength: 6, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([bom, records, ends, endsWithBreak]) => bom + records.map((r, i) => r.join(',') + (i < records.length - 1 || endsWithBreak ? ends[i] : '')).join(''));

describe('parseCsvRecords (csv-parse)', () => {
  it('should read well-formed CSV exactly as the reader it replaced', () => {
    fc.assert(
      fc.property(wellFormed, (text) => {
        expect(parseCsvRecords(text)).toEqual(referenceRecords(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('should read any text cut into pieces, as text or bytes, exactly as in one piece, refusals included', async () => {
    await fc.assert(
      fc.asyncProperty(
        csvText.chain((text) => fc.tuple(fc.constant(text), fc.array(fc.nat({ max: text.length * 3 }), { maxLength: 6 }), fc.boolean())),
        async ([text, cuts, asBytes]) => {
          expect(await streamedRead(piecesOf(text, cuts, asBytes))).toEqual(wholeRead(text));
        },
      ),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('should read a record cut at any byte (in the BOM, a character, a quoted value, a CRLF) as in one piece', async () => {
    const text = '\uFEFFName,Notes\r\n"Zoë, ""Z""","a\r\nb"\r\n 日本 ,x\r';
    const whole = wholeRead(text);
    expect(whole).toEqual([
      { line: 1, fields: ['Name', 'Notes'] },
      { line: 2, fields: ['Zoë, "Z"', 'a\r\nb'] },
      { line: 4, fields: ['日本', 'x'] },
    ]);
    const bytes = new TextEncoder().encode(text).length;
    for (let cut = 0; cut <= bytes; cut++) expect(await streamedRead(piecesOf(text, [cut], true)), `cut at ${cut}`).toEqual(whole);
  }, 30_000);

  it('should close the source when its reader stops early', async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield `row ${i},x\n`;
      } finally {
        closed = true;
      }
    }
    for await (const batch of csvRecordBatches(endless())) {
      expect(batch[0]).toEqual({ line: 1, fields: ['row 0', 'x'] });
      break;
    }
    await vi.waitFor(() => expect(closed).toBe(true));
  });

  it("should pass the source's own error on as it is", async () => {
    const failure = new Error('upload cut short');
    async function* broken() {
      yield 'a,b\nc,';
      throw failure;
    }
    await expect(streamedRead(broken())).rejects.toBe(failure);
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
    const rows: unknown[] = [];
    const skipped: unknown[] = [];
    const { error } = await parseProspectiveCsv(piecesOf(text, cuts, asBytes), (batch) => {
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
          // A file that is not CSV is refused, by line, however it is read; rows read before that may have gone to onBatch.
          if (whole.error?.startsWith('Line ')) expect(got.error).toBe(whole.error);
          else expect(got).toEqual(whole);
        },
      ),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('should read a large file in one pass however long a quoted value runs', async () => {
    const text = `Name,Notes\n${'A,b\n'.repeat(1000)}Open,"${'x\n'.repeat(100_000)}"`;
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
