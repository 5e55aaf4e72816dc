import type { ReactNode } from 'react';
import { ui } from '../../shared/console/console-ui';
import type { SortOrder } from './analytics-sort';
import styles from './analytics.module.css';

export interface Column<T, K extends string> {
  key: K;
  header: string;
  cell: (row: T) => ReactNode;
  /** right-aligned, tabular figures */
  numeric?: boolean;
  /** the column a click sorts by (the page keeps the order in the address) */
  sortable?: boolean;
  /** left out of a row's card when it has nothing to say there (a free episode's paywall) */
  cardHidden?: (row: T) => boolean;
}

/**
 * A table on wide screens, in a region of its own that scrolls sideways when the columns need more
 * room than the page has (named, and reachable by keyboard, so it can be scrolled without a
 * mouse); on phones one card per row, the first column its title (decision 1202). Sortable
 * columns have a button in their header and say their order (aria-sort).
 */
export function DataTable<T, K extends string>(props: {
  caption: string;
  columns: Column<T, K>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  sort?: SortOrder<K>;
  onSort?: (key: K) => void;
  sortHint?: (column: string) => string;
  testId: string;
  rowTestId?: string;
  rowAttributes?: (row: T) => Record<string, string | number>;
}) {
  const { columns, rows, sort } = props;
  const [first, ...rest] = columns;
  return (
    <>
      <div
        className={`${ui.tableWrap} ${styles.wide}`}
        role="region"
        aria-label={props.caption}
        tabIndex={0}
      >
        <table className={ui.table} data-testid={props.testId}>
          <caption className={styles.srOnly}>{props.caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const on = sort?.key === c.key;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.numeric ? styles.num : undefined}
                    aria-sort={
                      on
                        ? sort.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : c.sortable
                          ? 'none'
                          : undefined
                    }
                  >
                    {c.sortable && props.onSort ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => props.onSort?.(c.key)}
                        data-testid={`sort-${c.key}`}
                        title={props.sortHint?.(c.header)}
                      >
                        {c.header}
                        <span aria-hidden="true" className={styles.sortMark}>
                          {on ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={props.rowKey(row)}
                data-testid={props.rowTestId}
                {...props.rowAttributes?.(row)}
              >
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.key} scope="row" className={styles.rowHead}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={c.numeric ? styles.num : undefined} data-col={c.key}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={styles.cards} aria-label={props.caption} data-testid={`${props.testId}-cards`}>
        {first &&
          rows.map((row) => (
            <li
              key={props.rowKey(row)}
              className={styles.card}
              data-testid={props.rowTestId ? `${props.rowTestId}-card` : undefined}
              {...props.rowAttributes?.(row)}
            >
              <div className={styles.cardTitle}>{first.cell(row)}</div>
              <dl className={styles.cardFields}>
                {rest
                  .filter((c) => !c.cardHidden?.(row))
                  .map((c) => (
                    <div key={c.key} className={styles.cardField}>
                      <dt>{c.header}</dt>
                      <dd data-col={c.key}>{c.cell(row)}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
      </ul>
    </>
  );
}
