import { create } from 'zustand';
import { addRecentSearch, parseRecentSearches } from '@snapdrama/rules';

const STORAGE_KEY = 'recent_searches';

function read(): string[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return [];
  }
}

function write(list: string[]) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: the list lives for this visit only
  }
}

/** The viewer's recent searches, kept on this device only (never sent anywhere). */
export const useRecentSearches = create<{
  list: string[];
  add: (term: string) => void;
  remove: (term: string) => void;
  clear: () => void;
}>()((set, get) => ({
  list: read(),
  add: (term) => {
    const list = addRecentSearch(get().list, term);
    write(list);
    set({ list });
  },
  remove: (term) => {
    const list = get().list.filter((t) => t !== term);
    write(list);
    set({ list });
  },
  clear: () => {
    write([]);
    set({ list: [] });
  },
}));
