import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route's code or data loads. */
export const PageLoader = () => {
  const { t } = useTranslation('shell');
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={t('loading')} />
    </Center>
  );
};

/** Shown in place of one part of a page while its code arrives (the rest of the page is already there). */
export const SectionLoader = () => {
  const { t } = useTranslation('shell');
  return (
    <Center py="md" role="status" aria-live="polite">
      <Loader size="sm" role="progressbar" aria-label={t('loading')} />
    </Center>
  );
};

/**
 * Shown where a dialog is about to open while its code arrives: a spinner in the middle of the
 * screen, where the dialog will be, over the page without blocking it.
 */
export const DialogLoader = () => {
  const { t } = useTranslation('shell');
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300, pointerEvents: 'none' }} role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={t('loading')} />
    </Center>
  );
};
