import { randomBytes } from 'node:crypto';

/**
 * Ids for one import's rows: UUIDv7 (RFC 9562), the import's millisecond followed by a row
 * counter and 44 random bits. They increase in file order, so COPY appends to the primary key
 * instead of scattering over it, and one index range holds exactly this import's rows.
 */
export class ImportIds {
  private readonly prefix: string;
  private n = 0;
  private random = '';
  private at = 0;
  first = '';
  last = '';

  constructor(ms = Date.now()) {
    const t = ms.toString(16).padStart(12, '0');
    this.prefix = `${t.slice(0, 8)}-${t.slice(8, 12)}-7`;
  }

  next(): string {
    const n = this.n++;
    if (n >= 2 ** 30) throw new Error('Too many rows in one import');
    if (this.at + 11 > this.random.length) {
      this.random = randomBytes(6 * 1024).toString('hex');
      this.at = 0;
    }
    const low = n & 0x3ffff;
    const id =
      this.prefix +
      ((n >>> 18) & 0xfff).toString(16).padStart(3, '0') +
      '-' +
      (0x8000 | (low >>> 4)).toString(16) +
      '-' +
      (low & 0xf).toString(16) +
      this.random.slice(this.at, (this.at += 11));
    if (n === 0) this.first = id;
    this.last = id;
    return id;
  }
}
