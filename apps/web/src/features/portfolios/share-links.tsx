import { useId, useState } from 'react';
import { Badge, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shareLinkCreate, type CreatedShareLink, type ShareLink } from '@klase/core/portfolios/contracts';
import { formatDate } from '../../components/date-text.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { TextField } from '../../components/text-field.tsx';
import { joinDateTime } from '../../lib/date-time-fields.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useConfirmedAction } from '../../lib/use-confirmed-action.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { createShareLinkCall, portfolioKeys, revokeShareLinkCall, sharePageUrl, useShareLinks } from './portfolios-api.ts';

const STATE_COLOR: Record<ShareLink['state'], string> = { active: 'blue.9', expired: 'gray.7', revoked: 'gray.7' };

/** The new link, shown once, with a copy button. */
const CreatedLink = ({ link, onClose }: { link: CreatedShareLink; onClose: () => void }) => {
  const { t } = useTranslation('portfolios');
  const url = sharePageUrl(link.pagePath);
  return (
    <Stack gap="sm">
      <TextInput label={t('share.newLink')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
      <Text size="sm">{t('share.onceHint')}</Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              onClick={copy}
            >
              {copied ? t('share.copied') : t('share.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{t('share.done')}</Button>
      </Group>
    </Stack>
  );
};

/** Create a link: an optional last day (the link stops at its end), asked first; then the link to copy. */
const CreateLinkDialog = ({ portfolioId, onClose }: { portfolioId: string; onClose: () => void }) => {
  const { t } = useTranslation('portfolios');
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const validate = useZodValidate(shareLinkCreate);
  const form = useForm({
    mode: 'controlled',
    initialValues: { expiresOn: '' },
    validate: (v) => {
      const errors = validate({ expiresAt: joinDateTime(v.expiresOn, '', '23:59') });
      return errors.expiresAt ? { expiresOn: errors.expiresAt } : {};
    },
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: (e) => form.setErrors(e.expiresAt ? { expiresOn: e.expiresAt } : {}) });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const submit = form.onSubmit((v) =>
    save({ title: t('share.createTitle'), message: t('share.confirmCreate') }, async () => {
      const link = await createShareLinkCall(portfolioId, { expiresAt: joinDateTime(v.expiresOn, '', '23:59') });
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.shareLinks(portfolioId) });
      toastSuccess(t('share.created'));
      setCreated(link);
    }),
  );
  return (
    <FormModal opened title={t('share.createTitle')} onClose={() => (created ? onClose() : void cancel())}>
      {created ? (
        <CreatedLink link={created} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SaveError error={error} />
            <TextField label={t('share.expires')} description={t('share.expiresHint')} dateMask data-autofocus {...form.getInputProps('expiresOn')} />
            <FormActions onCancel={() => cancel()} busy={busy} />
          </Stack>
        </form>
      )}
    </FormModal>
  );
};

const LinkRow = ({ link, onRevoke }: { link: ShareLink; onRevoke: () => void }) => {
  const { t } = useTranslation('portfolios');
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap" data-testid="share-link">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={500} ff="monospace">
            {t('share.linkName', { hint: link.hint })}
          </Text>
          <Badge variant="filled" color={STATE_COLOR[link.state]}>
            {t(`share.states.${link.state}`)}
          </Badge>
        </Group>
        <Text size="xs">
          {t('share.createdAt', { date: formatDate(link.createdAt, 'short') })} ·{' '}
          {link.expiresAt ? t('share.expiresAt', { date: formatDate(link.expiresAt, 'short') }) : t('share.never')}
        </Text>
      </Stack>
      {link.state === 'active' && (
        <Button
          size="xs"
          variant="default"
          color="red.9"
          leftSection={<IconLinkOff size={14} aria-hidden="true" />}
          onClick={onRevoke}
          aria-label={t('share.revokeNamed', { hint: link.hint })}
        >
          {t('share.revoke')}
        </Button>
      )}
    </Group>
  );
};

/** The owner's share links: create (optional expiry, the link shown once to copy), the list with each link's state, revoke (asked first). */
export const ShareLinksPanel = ({ portfolioId, published }: { portfolioId: string; published: boolean }) => {
  const { t } = useTranslation('portfolios');
  const titleId = useId();
  const links = useShareLinks(portfolioId);
  const queryClient = useQueryClient();
  const { run } = useConfirmedAction(() => queryClient.invalidateQueries({ queryKey: portfolioKeys.shareLinks(portfolioId) }));
  const [creating, setCreating] = useState(false);

  const revoke = (link: ShareLink) =>
    run(link.id, {
      ask: { title: t('share.revokeTitle'), message: t('share.revokeConfirm'), confirmLabel: t('share.revoke'), danger: true },
      success: t('share.revoked'),
      send: () => revokeShareLinkCall(portfolioId, link.id),
    });

  const items = links.data?.items ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('share.title')}
        </Title>
        <Text size="sm">{published ? t('share.hint') : t('share.unpublished')}</Text>
        <ErrorText error={links.error} />
        {links.isSuccess && items.length === 0 && <Text size="sm">{t('share.none')}</Text>}
        {items.length > 0 && (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((link) => (
              <LinkRow key={link.id} link={link} onRevoke={() => void revoke(link)} />
            ))}
          </Stack>
        )}
        <Group>
          <Button variant="default" leftSection={<IconLink size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            {t('share.create')}
          </Button>
        </Group>
      </Stack>
      {creating && <CreateLinkDialog portfolioId={portfolioId} onClose={() => setCreating(false)} />}
    </Paper>
  );
};
