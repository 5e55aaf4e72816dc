import type { Interval } from './experiment-stats';

/**
 * The plain-language reading of a lift (decision 1612), in the operator's language: the sentence
 * comes from a dictionary template, the numbers from Intl. "B converts 12 % better; 95 % interval
 * 4–20 %" when the interval lies above 0, "worse" when below, "no clear difference yet" when it
 * spans 0, and "not enough data" while there is no interval.
 */
export interface ReadingTemplates {
  better: string;
  worse: string;
  unclear: string;
  notEnough: string;
}

export type ReadingKind = keyof ReadingTemplates;

export function readingKind(lift: Interval | undefined): ReadingKind {
  if (!lift) return 'notEnough';
  if (lift.low > 0) return 'better';
  if (lift.high < 0) return 'worse';
  return 'unclear';
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

export function experimentReading(
  lift: Interval | undefined,
  names: { variant: string; control: string },
  locale: string,
  templates: ReadingTemplates,
): string {
  const kind = readingKind(lift);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  // the range's ends without their own sign for "better"/"worse", signed when it spans 0
  const signed = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const values: Record<string, string> = { ...names };
  if (lift) {
    const flip = kind === 'worse' ? -1 : 1;
    const format = kind === 'unclear' ? signed : percent;
    const [low, high] = kind === 'worse' ? [lift.high, lift.low] : [lift.low, lift.high];
    values.lift = percent.format(Math.abs(lift.estimate));
    values.low = format.format(flip * low);
    values.high = format.format(flip * high);
  }
  return fill(templates[kind], values);
}
