function splitOn(s: string | null | undefined, separator: RegExp): string[] {
  if (!s) return [];
  return s
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** docs/product.md#validation-lists: split on commas, trim, drop blanks. */
export function splitCommaList(s: string | null | undefined): string[] {
  return splitOn(s, /,/);
}

/** Landing page URLs: one per line or comma-separated. */
export function splitUrlList(s: string | null | undefined): string[] {
  return splitOn(s, /[\r\n,]+/);
}

/** Hashtags and mention targets: any run of whitespace separates. */
export function splitSpaceList(s: string | null | undefined): string[] {
  return splitOn(s, /\s+/);
}

export function joinCommaList(list: readonly string[] | null | undefined): string {
  return (list ?? []).join(', ');
}

/** For the landing-page textarea, which shows one URL per line. */
export function joinLineList(list: readonly string[] | null | undefined): string {
  return (list ?? []).join('\n');
}

export function joinSpaceList(list: readonly string[] | null | undefined): string {
  return (list ?? []).join(' ');
}
