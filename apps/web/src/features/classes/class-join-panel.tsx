import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClassDetails, ClassJoinInfo } from '@klase/core/classes/contracts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { classKeys, regenerateJoinCall, switchJoinCall } from '../../api/class-api.ts';
import { useClassAction } from '../../lib/use-class-action.ts';
import css from './classes.module.css';

/** The invitation link of a token: this app's address with the join route in the hash. */
export const invitationUrl = (token: string): string => `${location.origin}${location.pathname}#${paths.classJoin.to(token)}`;

const copy = async (text: string, done: string, failed: string) => {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(done);
  } catch {
    toastError(failed);
  }
};

interface JoinBlockProps {
  title: string;
  value: ReactNode;
  copyLabel: string;
  onCopy: () => void;
  replaceLabel: string;
  onReplace: () => void;
  replacing: boolean;
  switchLabel: string;
  enabled: boolean;
  switching: boolean;
  onSwitch: (on: boolean) => void;
}

/** One way of joining (code or link): its value, copy, replace and the on/off switch. */
const JoinBlock = (p: JoinBlockProps) => (
  <Stack gap="xs">
    <Title order={3} size="h5">
      {p.title}
    </Title>
    {p.value}
    <Group gap="xs">
      <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={p.onCopy}>
        {p.copyLabel}
      </Button>
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={p.onReplace} loading={p.replacing}>
        {p.replaceLabel}
      </Button>
    </Group>
    <Switch label={p.switchLabel} checked={p.enabled} disabled={p.switching} onChange={(e) => p.onSwitch(e.currentTarget.checked)} />
  </Stack>
);

/** Replacing (asks first) and switching the access code and the invitation link. */
const useJoinActions = (cls: ClassDetails) => {
  const { t } = useTranslation('classes');
  const queryClient = useQueryClient();
  const { busy, run } = useClassAction(cls.id);

  const replace = (what: 'code' | 'link') =>
    void run(`replace-${what}`, {
      ask: {
        title: t(`joining.${what}.replaceTitle`),
        message: t(`joining.${what}.replaceConfirm`),
        confirmLabel: t(`joining.${what}.replace`),
        danger: true,
      },
      success: t(`joining.${what}.replaced`),
      send: async () => {
        const answer = await regenerateJoinCall(cls.id, what);
        if (answer && typeof answer === 'object' && (answer.accessCode || answer.inviteToken))
          queryClient.setQueryData<ClassDetails>(classKeys.one(cls.id), (old) => (old?.join ? { ...old, join: { ...old.join, ...answer } } : old));
      },
    });

  const toggle = (what: 'code' | 'link', on: boolean) =>
    void run(`switch-${what}`, {
      success: t(on ? `joining.${what}.switchedOn` : `joining.${what}.switchedOff`),
      send: () => switchJoinCall(cls.id, what === 'code' ? { codeEnabled: on } : { linkEnabled: on }),
    });
  return { busy, replace, toggle };
};

/**
 * Settings, "Joining": the access code in large type and the invitation link, each with copy,
 * replace (asks first: the old one stops working) and an on/off switch.
 */
export const ClassJoinPanel = ({ cls, join }: { cls: ClassDetails; join: ClassJoinInfo }) => {
  const { t } = useTranslation('classes');
  const { busy, replace, toggle } = useJoinActions(cls);
  const link = invitationUrl(join.inviteToken);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('joining.title')}
          </Title>
          <Text size="sm">{t('joining.intro')}</Text>
          {cls.archived && (
            <Text size="sm" fw={600}>
              {t('joining.archived')}
            </Text>
          )}
        </Stack>
        <JoinBlock
          title={t('joining.code.title')}
          value={
            <Text className={css.code} data-testid="access-code">
              {join.accessCode}
            </Text>
          }
          copyLabel={t('joining.code.copy')}
          onCopy={() => void copy(join.accessCode, t('joining.copied'), t('joining.copyFailed'))}
          replaceLabel={t('joining.code.replace')}
          onReplace={() => replace('code')}
          replacing={busy === 'replace-code'}
          switchLabel={t('joining.code.switch')}
          enabled={join.codeEnabled}
          switching={busy === 'switch-code'}
          onSwitch={(on) => toggle('code', on)}
        />
        <JoinBlock
          title={t('joining.link.title')}
          value={
            <TextInput
              label={t('joining.link.label')}
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          }
          copyLabel={t('joining.link.copy')}
          onCopy={() => void copy(link, t('joining.copied'), t('joining.copyFailed'))}
          replaceLabel={t('joining.link.replace')}
          onReplace={() => replace('link')}
          replacing={busy === 'replace-link'}
          switchLabel={t('joining.link.switch')}
          enabled={join.linkEnabled}
          switching={busy === 'switch-link'}
          onSwitch={(on) => toggle('link', on)}
        />
      </Stack>
    </Paper>
  );
};
