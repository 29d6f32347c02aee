import { Outlet } from '@tanstack/react-router';
import { NavigationProgress } from './navigation-progress';
import { PageTitle } from './page-title';

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <PageTitle />
      <Outlet />
    </>
  );
}
