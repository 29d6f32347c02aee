import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import './app/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppMode } from './app/app-mode';
import { keepFocusOnSubmitButtons } from './app/keep-focus-on-submit';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { captureUtm } from './app/utm-capture';

captureUtm();
keepFocusOnSubmitButtons();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The mode (admin or marketing-only) decides the routes, so it is settled before the router starts.
void loadAppMode().then(() => {
  const router = createAppRouter(queryClient);
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
