import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@snapdrama/contract';
import { useLayerStore } from '../../../shared/layers/layer-store';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';
import styles from './sheets.module.css';

/** A key as printed on it, or a key whose name is a word in the viewer's language. */
type KeyLabel = string | { named: MessageKey };

/** The player's keys (use-player-keyboard.ts), as the `?` sheet lists them. */
const SHORTCUTS: { keys: readonly KeyLabel[]; action: MessageKey }[] = [
  { keys: [{ named: 'player.key_space' }, 'K'], action: 'player.shortcut_play' },
  { keys: ['M'], action: 'player.shortcut_mute' },
  { keys: ['F'], action: 'player.shortcut_fullscreen' },
  { keys: ['↑', '↓', 'PgUp', 'PgDn'], action: 'player.shortcut_episodes' },
  { keys: ['←', '→'], action: 'player.shortcut_seek' },
  { keys: ['C'], action: 'player.shortcut_subtitles' },
  { keys: ['Esc'], action: 'player.shortcut_close' },
  { keys: ['?'], action: 'player.shortcut_help' },
];

/** Height of the sheet: its title and eight rows. */
const SHORTCUTS_SHEET_HEIGHT = 400;

function ShortcutsSheet() {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(root);
  const close = useLayerStore((s) => s.closeSheet);
  return (
    <div
      ref={root}
      className={styles.sheet}
      data-testid="shortcuts-sheet"
      tabIndex={-1}
      aria-labelledby="player-shortcuts-title"
    >
      <div className={styles.head}>
        <h2 className={styles.title} id="player-shortcuts-title">
          {t('player.shortcuts')}
        </h2>
        <button
          type="button"
          className={styles.textButton}
          onClick={close}
          data-testid="shortcuts-close"
        >
          {t('common.close')}
        </button>
      </div>
      <dl className={styles.shortcuts}>
        {SHORTCUTS.map((row) => (
          <div key={row.action} className={styles.shortcut}>
            <dt>
              {row.keys.map((key) => {
                const label = typeof key === 'string' ? key : t(key.named);
                return <kbd key={label}>{label}</kbd>;
              })}
            </dt>
            <dd>{t(row.action)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The `?` sheet: the player's keyboard shortcuts (issue 46). */
export function openShortcutsSheet() {
  useLayerStore.getState().openSheet({
    kind: 'shortcuts',
    content: <ShortcutsSheet />,
    height: SHORTCUTS_SHEET_HEIGHT,
  });
}
