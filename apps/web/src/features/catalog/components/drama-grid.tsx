import type { Drama } from '@snapdrama/contract';
import { DramaCard } from './drama-card';
import styles from './drama-grid.module.css';

/** The first posters are above the fold: load them at once, the rest lazily. */
const EAGER_POSTERS = 6;

export function DramaGrid({ dramas }: { dramas: readonly Drama[] }) {
  return (
    <ul className={styles.grid} data-testid="drama-grid">
      {dramas.map((drama, index) => (
        <li key={drama.dram_id}>
          <DramaCard drama={drama} eager={index < EAGER_POSTERS} />
        </li>
      ))}
    </ul>
  );
}
