/** Entries grouped by the local calendar date of `at(entry)`, keeping their order (newest first). */
export function groupByDate<T>(
  entries: readonly T[],
  at: (entry: T) => string,
): { date: string; entries: T[] }[] {
  const groups: { date: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const date = formatDate(at(entry));
    const last = groups.at(-1);
    if (last?.date === date) last.entries.push(entry);
    else groups.push({ date, entries: [entry] });
  }
  return groups;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026.03.10 in the viewer's time zone. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}

/** 2026.03.10 14:05 in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
