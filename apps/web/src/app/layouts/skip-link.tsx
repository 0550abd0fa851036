import { useTranslation } from 'react-i18next';

/**
 * "Skip to main content". A button rather than an `href="#..."` anchor, because the hash holds
 * the route: it moves focus to the page's `<main id="main-content">`.
 */
export const SkipLink = () => {
  const { t } = useTranslation('shell');
  return (
    <button type="button" className="klase-skip-link" onClick={() => document.getElementById('main-content')?.focus()}>
      {t('skipToContent')}
    </button>
  );
};
