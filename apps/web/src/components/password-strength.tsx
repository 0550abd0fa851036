import { List, Progress, Stack, Text, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkPassword, passwordStrength, type StrengthColor } from '@klase/core/auth/password';
import { TONES } from './tones.ts';

/** Bar colours with at least 3:1 against the page (non-text contrast) in each scheme. */
export const STRENGTH_BAR = {
  light: { red: 'red.9', yellow: '#a84300', green: 'teal.9' },
  dark: { red: 'red.4', yellow: 'yellow.5', green: 'teal.4' },
} as const satisfies Record<'light' | 'dark', Record<StrengthColor, string>>;

const LEVEL: Record<StrengthColor, string> = { red: 'password.weak', yellow: 'password.medium', green: 'password.strong' };
const SEGMENTS = 5;

/**
 * Strength meter (spec section 4): fewer than 3 satisfied rules red, 3 yellow, 4 or more green;
 * and each rule with its met or unmet state.
 */
export const PasswordStrength = ({ value, id }: { value: string; id?: string }) => {
  const { t } = useTranslation('components');
  const scheme = useComputedColorScheme('light');
  const { satisfied, color } = passwordStrength(value);
  const c = checkPassword(value);
  const rules = [
    ['ruleLength', c.length],
    ['ruleUppercase', c.uppercase],
    ['ruleLowercase', c.lowercase],
    ['ruleNumber', c.number],
    ['ruleSpecial', c.special],
    ['ruleRepeat', value.length > 0 && c.noTripleRepeat],
  ] as const;
  const tone = TONES[scheme];
  return (
    <Stack gap={6} id={id} data-testid="password-strength">
      <Progress.Root size="sm" aria-hidden="true">
        <Progress.Section value={(satisfied / SEGMENTS) * 100} color={STRENGTH_BAR[scheme][color]} data-color={color} />
      </Progress.Root>
      <Text size="sm" aria-live="polite">
        {t('password.strength', { level: t(LEVEL[color]) })}
      </Text>
      <Text size="sm" fw={500} id={id ? `${id}-rules` : undefined}>
        {t('password.rulesTitle')}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" pl={0}>
        {rules.map(([key, met]) => (
          <List.Item
            key={key}
            data-met={met}
            c={met ? tone.success : tone.muted}
            icon={met ? <IconCheck size={14} aria-hidden="true" /> : <IconX size={14} aria-hidden="true" />}
          >
            {t(`password.${key}`)}
            <VisuallyHidden> ({met ? t('password.met') : t('password.unmet')})</VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
};
