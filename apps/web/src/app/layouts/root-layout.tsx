import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LiveAnnouncer } from '../../components/live-announcer.tsx';
import { documentTitle, usePageNames } from '../../lib/page-title.ts';
import { useFocusOnNavigation } from '../route-focus.ts';
import { usePreferenceSync } from '../use-preference-sync.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * Sets the document title, "<page> · <course> · <class> | Klase", from the deepest route's
 * `handle.title` and the names the open page registered with `usePageTitle`.
 */
const useDocumentTitle = () => {
  const title = documentTitle(usePageNames());
  useEffect(() => {
    document.title = title;
  }, [title]);
};

/**
 * Wraps every page: skip link, connection banner, navigation progress, titles, focus on the new
 * page's heading after a navigation, the polite live region, preferences.
 */
export const RootLayout = () => {
  const navigation = useNavigation();
  const { t } = useTranslation('shell');
  useDocumentTitle();
  useFocusOnNavigation();
  usePreferenceSync();
  return (
    <>
      <SkipLink />
      <ConnectionBanner />
      {navigation.state !== 'idle' && <div className="klase-nav-progress" role="progressbar" aria-label={t('loading')} />}
      <Outlet />
      <LiveAnnouncer />
      <ScrollRestoration />
    </>
  );
};
