import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { memberCareApi, type MemberPage } from '../api/member-care-api';

export const PAGE_SIZE = 20;

export type SearchState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; result: MemberPage } | { status: 'failed'; message: string };

/**
 * The search and page live in the address (`?search=…&page=…`, beside whatever else the page keeps there), so the
 * browser's Back from a member returns to the same results and a search can be shared with a colleague.
 */
export function useMemberSearch() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (search.trim() === '') {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    memberCareApi.search(search, page, PAGE_SIZE, controller.signal).then(
      (result) => setState({ status: 'done', result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: error instanceof Error ? error.message : 'The search failed' });
      },
    );
    return () => controller.abort();
  }, [search, page]);

  const update = (change: (p: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });
  const searchFor = (term: string) =>
    update((p) => {
      p.set('search', term.trim());
      p.delete('page');
    });
  const goToPage = (next: number) => update((p) => (next > 0 ? p.set('page', String(next)) : p.delete('page')));

  return { search, page, state, searchFor, goToPage };
}
