import { MAX_SEARCH_KEYWORD } from '@snapdrama/contract';
import { SUGGESTION_DEBOUNCE_MS, searchTerm } from '@snapdrama/rules';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { useRecentSearches } from '../../../shared/search/recent-searches';
import { useSearchStore } from '../../../shared/search/search-store';
import { CloseIcon, SearchIcon } from '../../../shared/ui/icons';
import { RatingBadge } from '../../../shared/ui/rating-badge';
import { titleSuggestionsQuery, topSearchesQuery } from '../api/catalog-api';
import { CLOSED, OPENED, comboboxKey, withOptionCount, type ComboboxState } from './combobox-keys';
import styles from './search-combobox.module.css';

/** How many recent and how many popular searches an empty box offers. */
const EMPTY_BOX_OFFERS = 5;

interface Offer {
  text: string;
  /** a title's age rating: its badge follows the title, as everywhere a title shows */
  ageRate?: string;
}

interface OptionGroup {
  key: 'recent' | 'popular' | 'titles';
  label: string;
  offers: Offer[];
}

const asOffers = (texts: string[]): Offer[] => texts.map((text) => ({ text }));

/**
 * What the list offers: for an empty box the recent and the week's popular searches; while the
 * viewer types, titles in their language (asked once typing pauses).
 */
function useOfferedGroups(typed: string, open: boolean): OptionGroup[] {
  const { t } = useTranslation();
  const settled = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  const titles = useQuery({
    ...titleSuggestionsQuery(currentLanguage(), settled),
    enabled: open && settled.length > 0,
  });
  const recent = useRecentSearches((s) => s.list);
  const popular = useQuery({ ...topSearchesQuery(), enabled: open && typed.length === 0 });
  if (typed.length > 0) {
    const offers =
      settled.length > 0
        ? (titles.data?.suggestionList.map((s) => ({ text: s.titl, ageRate: s.age_rate })) ?? [])
        : [];
    return [{ key: 'titles', label: t('search.suggested_titles'), offers }];
  }
  return [
    {
      key: 'recent',
      label: t('search.recent'),
      offers: asOffers(recent.slice(0, EMPTY_BOX_OFFERS)),
    },
    {
      key: 'popular',
      label: t('search.top_week'),
      offers: asOffers(
        (popular.data?.keywordList ?? []).slice(0, EMPTY_BOX_OFFERS).map((k) => k.keyword),
      ),
    },
  ];
}

/**
 * A search box with suggestions (issue 46): an ARIA combobox whose list offers recent and popular
 * searches on focus and titles while typing; ↑/↓ move through them, Enter searches the active one
 * (or what was typed), Escape closes the list. Searching stores the term (spec §3 searchValue) and
 * opens /search.
 */
export function SearchCombobox(props: {
  initial: string;
  /** the looks of the header's box and of /search's */
  classes: { form: string; input?: string; icon: string };
  /** data-testid of the input and of its clear button */
  testIds: { input: string; clear: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSearchValue = useSearchStore((s) => s.setSearchValue);
  const [value, setValue] = useState(props.initial);
  const [combobox, setCombobox] = useState<ComboboxState>(CLOSED);
  const groups = useOfferedGroups(value.trim(), combobox.open).filter((g) => g.offers.length > 0);
  const options = groups.flatMap((g) => g.offers.map((o) => o.text));
  const state = withOptionCount(combobox, options.length);
  const expanded = state.open && options.length > 0;
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const optionId = (index: number) => `${listId}-${index}`;

  const search = (text: string) => {
    const term = searchTerm(text);
    if (!term) return;
    setValue(term);
    setCombobox(CLOSED);
    setSearchValue(term);
    void navigate(`/search?keyword=${encodeURIComponent(term)}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // a syllable being composed: its keys are the input method's (Enter commits it)
    if (event.nativeEvent.isComposing) return;
    const outcome = comboboxKey(state, event.key, options.length);
    setCombobox(outcome.state);
    if (!outcome.handled) return;
    event.preventDefault();
    if (outcome.pick !== undefined) search(options[outcome.pick] ?? value);
  };

  // each group's first option's index in `options`
  const firsts = groups.map((_, g) =>
    groups.slice(0, g).reduce((sum, group) => sum + group.offers.length, 0),
  );
  return (
    <form className={`${props.classes.form} ${styles.anchor}`} role="search" onSubmit={submit}>
      <input
        ref={inputRef}
        type="search"
        className={props.classes.input}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && state.active >= 0 ? optionId(state.active) : undefined}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setCombobox(OPENED);
        }}
        onFocus={() => setCombobox(OPENED)}
        onBlur={() => setCombobox(CLOSED)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
        // the server's limit (contract): a viewer cannot type or paste past it (issue 47)
        maxLength={MAX_SEARCH_KEYWORD}
        data-testid={props.testIds.input}
      />
      {value && (
        <button
          type="button"
          className={props.classes.icon}
          onClick={() => {
            setValue('');
            // back to the box, which offers the recent and popular searches again
            inputRef.current?.focus();
          }}
          aria-label={t('search.clear')}
          data-testid={props.testIds.clear}
        >
          <CloseIcon />
        </button>
      )}
      <button type="submit" className={props.classes.icon} aria-label={t('menu.search')}>
        <SearchIcon />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className={styles.list}
        hidden={!expanded}
        data-testid="search-suggestions"
      >
        {groups.map((group, g) => (
          <div key={group.key} role="group" aria-label={group.label}>
            {/* the group's name is read from aria-label; this is its look */}
            <div className={styles.groupLabel} aria-hidden="true">
              {group.label}
            </div>
            {group.offers.map(({ text, ageRate }, i) => {
              const at = (firsts[g] ?? 0) + i;
              return (
                <div
                  key={at}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === state.active}
                  className={styles.option}
                  // the input keeps the focus (and the list stays open) until the click
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => search(text)}
                  translate="no"
                  data-testid="search-suggestion"
                >
                  <span className={styles.optionText} data-testid="search-suggestion-title">
                    {text}
                  </span>
                  {ageRate && <RatingBadge ageRate={ageRate} />}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}
