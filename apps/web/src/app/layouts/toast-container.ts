// Loaded on demand by toast-host.tsx: its own module, so the container stays out of the entry chunk
// that holds the (small) notifications store.
export { Notifications } from '@mantine/notifications';
