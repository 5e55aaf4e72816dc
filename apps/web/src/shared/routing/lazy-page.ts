import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page whose code loads on demand: rendered through `Page`, or started early with `load`. */
export interface LazyPage {
  /** starts loading the page's code (once; again after a failure) */
  load: () => Promise<ComponentType>;
  /** the page, suspending until its code is there (a navigation keeps the page it leaves meanwhile) */
  Page: LazyExoticComponent<ComponentType>;
}

export function lazyPage(importPage: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | undefined;
  const load = () =>
    (loading ??= importPage().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { load, Page: lazy(async () => ({ default: await load() })) };
}
