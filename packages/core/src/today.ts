/**
 * The LOCAL calendar date of `now`, what the user's wall calendar shows, as `YYYY-MM-DD`. A leaf
 * module without date-fns: the filter rules that read "today" (overdue tasks) ride in every
 * page's first script, the sign-in page's included, and date-fns is for the screens that do
 * arithmetic (docs/adr/0038). Throws RangeError('Invalid time value') on an invalid date or a
 * year outside 0–9999, as core's other date functions do.
 */
export function todayYmd(now: Date = new Date()): string {
  const year = now.getFullYear();
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError('Invalid time value');
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
