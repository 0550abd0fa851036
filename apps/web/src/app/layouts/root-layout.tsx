import { useEffect } from 'react';
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
      {navigation.state !== 'idle' && <div className="klase-nav-progress" role="progressbar" aria-label={t('loading')} />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
};
