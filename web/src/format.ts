const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const smallDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const counts = new Intl.NumberFormat('en-US');
const moments = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Cents as dollars; amounts under a dollar keep up to four decimals, so a cheap call still shows. */
export function money(cents: number): string {
  const amount = cents / 100;
  return (Math.abs(amount) < 1 ? smallDollars : dollars).format(amount);
}

export function count(value: number): string {
  return counts.format(value);
}

export function moment(iso: string | null | undefined): string {
  return iso ? moments.format(new Date(iso)) : '—';
}

/** `YYYY-MM-DD` (UTC) as `22 Nov`. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
