import { DEFAULT_TITLE } from '@b2b/domain/app-routes';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { titleOfPath } from './route-table';

/** The page title comes from the route; the default title is the product name. */
export function PageTitle() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    document.title = titleOfPath(pathname) ?? DEFAULT_TITLE;
  }, [pathname]);
  return null;
}
