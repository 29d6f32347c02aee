import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { errorDetail, isHandled } from '../api/api-error';

/** The toast's close button has no text: name it for screen readers. */
const CLOSE_LABEL = { closeButtonProps: { 'aria-label': 'Close notification' } };

/** Toasts: top right, 2000 ms, closable, in the four styles of the spec (info, warning, error, success). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ ...CLOSE_LABEL, message, title, color: 'teal', icon: <IconCheck size={18} /> });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ ...CLOSE_LABEL, message, title, color: 'blue', icon: <IconInfoCircle size={18} /> });
}

export function notifyWarning(message: string, title?: string): void {
  notifications.show({
    ...CLOSE_LABEL,
    message,
    title,
    color: 'yellow',
    icon: <IconAlertTriangle size={18} />,
  });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ ...CLOSE_LABEL, message, title, color: 'red', icon: <IconX size={18} /> });
}

/**
 * A failed action: the area's failure sentence as the title and the server's detail as the text.
 * Errors the global handling already reported (403, no network, 1013) are not reported twice.
 */
export function notifyFailure(failureText: string, error: unknown): void {
  if (isHandled(error)) return;
  notifyError(errorDetail(error), failureText);
}
