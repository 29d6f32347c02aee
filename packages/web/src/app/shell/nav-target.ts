import type { NavItem } from '@b2b/domain/navigation';

/**
 * TanStack Router types a Link's `search` from literal route paths; menu paths are data, so the
 * search object is passed through untyped.
 */
type UntypedSearch = never;

/** Link target of a menu entry; some entries carry one query parameter (campaignMedium=email...). */
export function navTarget(item: NavItem): { to: string; search?: UntypedSearch } {
  const to = item.routerLink ?? '/';
  const { queryParamKey: key, queryParamValue: value } = item;
  if (key && value !== undefined) return { to, search: { [key]: String(value) } as UntypedSearch };
  return { to };
}
