import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { i18next } from '../i18n/i18n.ts';
import { announce } from './live-announcer.tsx';

/** The close button of a toast needs a name for screen readers (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': i18next.t('common:close') });

/**
 * Toasts (spec section 8): success in a positive (green) style, error in a negative (red) one, in
 * the top-right corner. The app mounts `<Notifications position="top-right" />`.
 * Returns the notification id. A success ("Grade saved.") is a status message: the toast is not an
 * alert, and the text is said politely through the app's live region, which is always there (a
 * toast's own region appears with its text, which screen readers may miss). Errors stay alerts.
 */
export const toastSuccess = (message: string): string => {
  announce(message);
  return notifications.show({
    message,
    role: 'status',
    color: 'green.9',
    icon: createElement(IconCheck, { size: 18, 'aria-hidden': true }),
    position: 'top-right',
    autoClose: 4000,
    closeButtonProps: closeButtonProps(),
    'data-tone': 'success',
  });
};

export const toastError = (message: string): string =>
  notifications.show({
    message,
    color: 'red.9',
    icon: createElement(IconX, { size: 18, 'aria-hidden': true }),
    position: 'top-right',
    autoClose: 6000,
    closeButtonProps: closeButtonProps(),
    'data-tone': 'error',
  });
