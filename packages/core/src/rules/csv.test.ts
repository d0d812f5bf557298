import { describe, expect, it } from 'vitest';
import { MESSAGES, PROSPECTIVE_TEMPLATE_COLUMNS } from '../constants';
import { CsvSyntaxError, parseCsv, parseCsvRecords } from './csv';
import { toCsv } from './csv-write';
import { parseProspectiveCsv, prospectiveTemplateCsv } from './imports/prospective-csv';

const HEADER = PROSPECTIVE_TEMPLATE_COLUMNS.join(',');

describe('parseCsv', () => {
  it('should split simple rows', () => {
    expect(parseCsv('a,b,c\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('should keep commas inside quotes and unescape doubled quotes', () => {
    expect(parseCsv('"Acme, Inc","He said ""hi""",""\n')).toEqual([['Acme, Inc', 'He said "hi"', '']]);
  });

  it('should accept CRLF, LF and CR line ends', () => {
    expect(parseCsv('a,b\r\nc,d\re,f\ng,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('should keep newlines inside quoted fields', () => {
    expect(parseCsv('"line 1\r\nline 2",x\n"a\nb",y')).toEqual([
      ['line 1\r\nline 2', 'x'],
      ['a\nb', 'y'],
    ]);
  });

  it('should strip a BOM and ignore trailing empty lines', () => {
    expect(parseCsv('\uFEFFName,Region\r\nAcme,NA\r\n\r\n')).toEqual([
      ['Name', 'Region'],
      ['Acme', 'NA'],
    ]);
  });

  it('should keep empty fields, including trailing ones', () => {
    expect(parseCsv('a,,\n,b,')).toEqual([
      ['a', '', ''],
      ['', 'b', ''],
    ]);
  });

  it('should be lenient with spaces around fields and quoted values, and with stray quotes', () => {
    expect(parseCsv('a, "b,c" ,5" screen')).toEqual([['a', 'b,c', '5" screen']]);
    expect(parseCsv(' a ,\t"  b  "\t, c d ')).toEqual([['a', '  b  ', 'c d']]);
  });

  it('should refuse a quote left open or text after a closing quote, at the line of the record', () => {
    const refusal = (text: string) => {
      try {
        parseCsv(text);
      } catch (err) {
        return err instanceof CsvSyntaxError ? { line: err.line, message: err.message } : err;
      }
      return 'read';
    };
    expect(refusal('h\nx\na,"unterminated, text\nmore')).toEqual({ line: 3, message: 'A quoted value is not closed: a closing " is missing' });
    expect(refusal('h\n"a\nb",1\n"5" screen",2')).toEqual({ line: 4, message: 'Text after a closing quote: a " inside a quoted value is written twice ("")' });
  });

  it('should give no rows for empty input', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
    expect(parseCsv('\n\n')).toEqual([]);
  });

  it('should number records by the line they start on', () => {
    expect(parseCsvRecords('h\n"a\nb"\r\n\r\nc').map((r) => r.line)).toEqual([1, 2, 4, 5]);
    expect(parseCsvRecords('\uFEFF"a\r\nb\rc\n\nd",x\ry').map((r) => r.line)).toEqual([1, 6]);
  });
});

describe('parseProspectiveCsv', () => {
  it('should map columns by position, trim and turn empty values into null', () => {
    const csv = `${HEADER}\n  Trade Weekly , NA ,Construction,,see tradeweekly.com please,"Kit: https://tw.com/kit.pdf", jane@tw.com ,`;
    expect(parseProspectiveCsv(csv)).toEqual({
      rows: [
        {
          line: 2,
          name: 'Trade Weekly',
          region: 'NA',
          industry: 'Construction',
          audience: null,
          website: 'tradeweekly.com',
          media_kit_link: 'https://tw.com/kit.pdf',
          contacts: 'jane@tw.com',
          notes: null,
        },
      ],
      skipped: [],
    });
  });

  it('should handle quoted commas and escaped quotes in values', () => {
    const { rows } = parseProspectiveCsv(`${HEADER}\r\n"Acme, Inc",EMEA,"Oil, Gas",Engineers,,,"""Jane"" <j@acme.com>, b@acme.com","note, with comma"\r\n`);
    expect(rows[0]).toMatchObject({ name: 'Acme, Inc', industry: 'Oil, Gas', contacts: '"Jane" <j@acme.com>, b@acme.com', notes: 'note, with comma' });
  });

  it('should drop rows with an empty name and report them', () => {
    const result = parseProspectiveCsv(`${HEADER}\nAcme,NA\n  ,EMEA\n"",APAC\nBeta`);
    expect(result.rows.map((r) => [r.line, r.name])).toEqual([
      [2, 'Acme'],
      [5, 'Beta'],
    ]);
    expect(result.skipped).toEqual([
      { line: 3, reason: 'Name is empty' },
      { line: 4, reason: 'Name is empty' },
    ]);
    expect(result.error).toBeUndefined();
  });

  it('should ignore blank lines and rows of empty cells silently', () => {
    const result = parseProspectiveCsv(`\uFEFF${HEADER}\r\n\r\nAcme\r\n,,,,,,,\r\n   \r\nBeta\r\n`);
    expect(result.rows.map((r) => [r.line, r.name])).toEqual([
      [3, 'Acme'],
      [6, 'Beta'],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('should give the starting line of a record that spans lines', () => {
    const { rows } = parseProspectiveCsv(`${HEADER}\n"Multi\nline",NA,,,,,,"a\nb"\nNext`);
    expect(rows.map((r) => [r.line, r.name])).toEqual([
      [2, 'Multi\nline'],
      [5, 'Next'],
    ]);
  });

  it('should fill missing trailing columns with null and ignore extra ones', () => {
    const { rows } = parseProspectiveCsv(`${HEADER}\nAcme,NA,,,,,,notes,extra,more`);
    expect(rows[0]).toMatchObject({ region: 'NA', website: null, media_kit_link: null, notes: 'notes' });
    expect(parseProspectiveCsv(`${HEADER}\nSolo`).rows[0]).toMatchObject({ name: 'Solo', region: null, notes: null });
  });

  it('should need a header and a data row', () => {
    for (const text of ['', '\uFEFF', `${HEADER}`, `${HEADER}\n`, `${HEADER}\n\n  \n`, '\n\n']) {
      expect(parseProspectiveCsv(text), JSON.stringify(text)).toEqual({ rows: [], skipped: [], error: MESSAGES.csvTooShort });
    }
  });

  it('should refuse a file that is not CSV, by line', () => {
    expect(parseProspectiveCsv(`${HEADER}\nAcme,NA\n"Open,EMEA\nBeta`)).toEqual({
      rows: [],
      skipped: [],
      error: 'Line 3: A quoted value is not closed: a closing " is missing',
    });
  });

  it('should report no valid rows when every name is empty', () => {
    expect(parseProspectiveCsv(`${HEADER}\n,NA\n ,EMEA`)).toEqual({
      rows: [],
      skipped: [
        { line: 2, reason: 'Name is empty' },
        { line: 3, reason: 'Name is empty' },
      ],
      error: MESSAGES.csvNoValidRows,
    });
  });

  it('should import its own template', () => {
    const { rows, error } = parseProspectiveCsv(prospectiveTemplateCsv());
    expect(error).toBeUndefined();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ line: 2, audience: 'Contractors, Engineers', website: 'https://www.example.com' });
  });
});

describe('toCsv', () => {
  it('should quote cells with commas, quotes and newlines', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'x\ny', null, undefined]])).toBe('a,"b,c","say ""hi""","x\ny",,\r\n');
  });

  it('should neutralise cells a spreadsheet would run as a formula', () => {
    expect(toCsv([['=SUM(A1)', '+1', '-2', '@cmd', '\tx', 'a=b']])).toBe("'=SUM(A1),'+1,'-2,'@cmd,'\tx,a=b\r\n");
    expect(toCsv([['=HYPERLINK("http://x","y")']])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\r\n`);
    expect(toCsv([['\rx']])).toBe(`"'\rx"\r\n`);
  });

  it('should round-trip through parseCsv', () => {
    const rows = [
      ['Name', 'Notes'],
      ['Acme, Inc', 'multi\r\nline "quoted"'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it('should give an empty string for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});

describe('prospectiveTemplateCsv', () => {
  it('should start with the template columns', () => {
    const [header, example] = parseCsv(prospectiveTemplateCsv());
    expect(header).toEqual([...PROSPECTIVE_TEMPLATE_COLUMNS]);
    expect(example).toHaveLength(PROSPECTIVE_TEMPLATE_COLUMNS.length);
  });
});
