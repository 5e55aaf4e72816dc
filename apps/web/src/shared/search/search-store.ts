import { create } from 'zustand';

/** The last submitted search term (spec §3 "searchValue"). */
export const useSearchStore = create<{
  searchValue: string;
  setSearchValue: (v: string) => void;
}>()((set) => ({
  searchValue: '',
  setSearchValue: (searchValue) => set({ searchValue }),
}));
