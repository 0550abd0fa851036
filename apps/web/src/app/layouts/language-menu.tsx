import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@klase/core/constants';
import { usePreferenceActions } from './use-preference-actions.ts';

/** Language switch (en-us, ph, zh). Each language is named in its own language. */
export const LanguageMenu = () => {
  const { t } = useTranslation('shell');
  const { setLanguage, language } = usePreferenceActions();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
          aria-label={t('language.switch')}
          data-tour="language"
        >
          {t(`language.short.${language as Locale}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng === 'ph' ? 'fil' : lng === 'zh' ? 'zh-Hans' : 'en'}
            onClick={() => void setLanguage(lng)}
            rightSection={lng === language ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={lng === language ? 'true' : undefined}
          >
            {t(`language.name.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
