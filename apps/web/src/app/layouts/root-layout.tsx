import { useEffect } from 'react';
import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mergeMeta } from '../access.ts';
import { usePreferenceSync } from '../use-preference-sync.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { SkipLink } from './skip-link.tsx';

/** Sets the document title from the deepest route's `handle.title`. */
const useDocumentTitle = () => {
  const matches = useMatches();
  const { t, i18n } = useTranslation('shell');
  const key = mergeMeta(matches.map((m) => m.handle)).title;
  useEffect(() => {
    document.title = key ? `${t(key)} | Klase` : 'Klase';
  }, [key, t, i18n.language]);
};

/** Wraps every page: skip link, connection banner, navigation progress, titles, preferences. */
export const RootLayout = () => {
  const navigation = useNavigation();
  const { t } = useTranslation('shell');
  useDocumentTitle();
  usePreferenceSync();
  return (
    <>
      <SkipLink />
      <ConnectionBanner />
      {navigation.state !== 'idle' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1001 }}
          aria-label={t('loading')}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
};
