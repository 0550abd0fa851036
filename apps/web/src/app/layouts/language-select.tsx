import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@klase/core/constants';
import { isLocale } from '../../i18n/i18n.ts';
import { usePreferenceActions } from './use-preference-actions.ts';

/**
 * The language switch of the sign-in pages: a native select (no popover code on the login
 * route). It applies at once and is remembered for the next visit.
 */
export const LanguageSelect = () => {
  const { t } = useTranslation('shell');
  const { setLanguage, language } = usePreferenceActions();
  return (
    <NativeSelect
      aria-label={t('language.switch')}
      value={language}
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (isLocale(next)) void setLanguage(next);
      }}
      data={LOCALES.map((l: Locale) => ({ value: l, label: t(`language.name.${l}`) }))}
      size="sm"
      w={120}
      data-tour="language"
    />
  );
};
