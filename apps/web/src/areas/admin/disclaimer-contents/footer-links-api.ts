import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';

/** spec §7 /links: the footer-links list, as administrators manage it. */
export const FOOTER_LINKS = 'footer-links';

export interface ManagedLink {
  id: string;
  label: string;
  link: string;
  order: number;
  active: boolean;
  version: number;
}

export type LinkInput = Pick<ManagedLink, 'label' | 'link' | 'order' | 'active'>;

const path = (linkId?: string) => `/links/${FOOTER_LINKS}${linkId ? `/${linkId}` : ''}`;

/** Every link of the list, inactive ones too (GET /links/{id}/all, administrators only). */
export function useManagedLinks() {
  const http = useHttp();
  return useQuery({
    queryKey: ['links', FOOTER_LINKS, 'all'],
    queryFn: ({ signal }) => http<ManagedLink[]>(`${path()}/all`, { signal }),
  });
}

/** Create, update and delete; each refreshes this list and the footer's (['links', id] prefix). */
export function useLinkMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['links', FOOTER_LINKS] });
  return {
    create: useMutation({
      mutationFn: (input: LinkInput) => http<ManagedLink>(path(), { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: LinkInput & { id: string; version: number }) =>
        http<ManagedLink>(path(id), { method: 'PUT', body: input }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => http<void>(path(id), { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}

/**
 * Moves a link one place up (-1) or down (+1): the two links swap their orders (two PUTs of the spec's
 * calls, each with its version, so a concurrent change answers 409 rather than being overwritten). Links
 * with equal orders are sorted by label: the moved one then steps one past its neighbour.
 */
export function swapOrder(links: ManagedLink[], index: number, direction: -1 | 1): ManagedLink[] {
  const moved = links[index];
  const other = links[index + direction];
  if (!moved || !other) return [];
  const movedOrder = moved.order === other.order ? other.order + direction : other.order;
  return [
    { ...moved, order: movedOrder },
    { ...other, order: moved.order },
  ];
}
