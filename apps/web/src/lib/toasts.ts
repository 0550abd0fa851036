import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { i18next } from '../i18n/i18n.ts';
import { announce } from '../components/live-announcer.tsx';

/** The close button of a toast needs a name for screen readers (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': i18next.t('common:close') });

/**
 * Toasts (spec section 8): success in a positive (green) style, error in a negative (red) one, in
 * the top-right corner. The app mounts `<Notifications position="top-right" />`.
 * Returns the notification id.
 */
export const toastSuccess = (message: string, role: 'alert' | 'status' = 'alert'): string =>
  notifications.show({
    message,
    role,
    color: 'green.9',
    icon: createElement(IconCheck, { size: 18, 'aria-hidden': true }),
    position: 'top-right',
    autoClose: 4000,
    closeButtonProps: closeButtonProps(),
    'data-tone': 'success',
  });

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

/**
 * A saved grade (issue 13): "Grade saved" is said in the app's polite live region, which is always
 * there (a toast's own region appears with its text, and screen readers may miss it); the toast
 * with the page's fuller message is then a status, so it is not also read out as an alert.
 */
export const toastGradeSaved = (message: string): string => {
  announce(i18next.t('components:announce.gradeSaved'));
  return toastSuccess(message, 'status');
};
