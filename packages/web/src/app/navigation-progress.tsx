import { Progress } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';

/** A thin bar at the top of the window while a route (and its lazy chunk) loads. */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  if (!loading) return null;
  return (
    <Progress
      value={100}
      animated
      striped={false}
      size={3}
      radius={0}
      aria-label="Loading page"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}
