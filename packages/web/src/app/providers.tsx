import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** Toasts: top right, 2000 ms, with a close control. */
export const TOAST_AUTO_CLOSE_MS = 2000;

// The toast container (and its transitions) loads after the first screen: toasts raised before it
// arrives wait in the notifications store and show when it mounts. Keeps the sign-in screen light.
const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
