import { MAX_SEARCH_KEYWORD } from '@snapdrama/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSearchStore } from '../../shared/search/search-store';
import { CloseIcon, SearchIcon } from '../../shared/ui/icons';
import styles from './shell.module.css';

/** Desktop search: Enter or the icon stores the trimmed term (if any) and opens /search. */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useSearchStore((s) => s.searchValue);
  const setSearchValue = useSearchStore((s) => s.setSearchValue);
  const [value, setValue] = useState(stored);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = value.trim();
    if (!term) return;
    setSearchValue(term);
    void navigate(`/search?keyword=${encodeURIComponent(term)}`);
  };

  return (
    <form className={styles.searchBox} role="search" onSubmit={submit}>
      <input
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        // the server's limit (contract): a viewer cannot type or paste past it (issue 47)
        maxLength={MAX_SEARCH_KEYWORD}
        data-testid="search-input"
      />
      {value && (
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setValue('')}
          aria-label={t('search.clear')}
          data-testid="search-clear"
        >
          <CloseIcon />
        </button>
      )}
      <button type="submit" className={styles.iconButton} aria-label={t('menu.search')}>
        <SearchIcon />
      </button>
    </form>
  );
}
