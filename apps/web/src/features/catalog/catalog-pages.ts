import { createElement } from 'react';
import { FullListPage } from './pages/full-list-page';

/** The catalog's pages behind one lazy chunk (the main page has its own). */
export { CategoryPage } from './pages/category-page';
export { SearchPage } from './pages/search-page';
export { LatestPage, RecentPage, ShufflePage } from './pages/full-list-page';
export const PopularPage = () => createElement(FullListPage, { kind: 'popular' });
export const ExclusivePage = () => createElement(FullListPage, { kind: 'exclusive' });
