import { useSearchParams } from 'react-router';

/** The ?page= of the address (1 when absent or invalid) and a setter that keeps other params. */
export function usePageParam(): [number, (page: number) => string] {
  const [params] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return [page, hrefFor];
}
