import { SearchCombobox } from '../../features/catalog/search/search-combobox';
import { useSearchStore } from '../../shared/search/search-store';
import styles from './shell.module.css';

/** Desktop search: Enter or the icon stores the trimmed term (if any) and opens /search. */
export function SearchBox() {
  const stored = useSearchStore((s) => s.searchValue);
  return (
    <SearchCombobox
      initial={stored}
      classes={{ form: styles.searchBox ?? '', icon: styles.iconButton ?? '' }}
      testIds={{ input: 'search-input', clear: 'search-clear' }}
    />
  );
}
