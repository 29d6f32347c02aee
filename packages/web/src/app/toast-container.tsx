import { Notifications } from '@mantine/notifications';

/** The toast container, loaded after the first screen (see providers.tsx). */
export function ToastContainer({ autoClose }: { autoClose: number }) {
  return <Notifications position="top-right" autoClose={autoClose} zIndex={4000} />;
}
