import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_TITLE_MAX,
  portfolioForm,
  type PortfolioDetails,
  type PortfolioForm,
  type PortfolioGroupChoices,
} from '@klase/core/portfolios/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths } from '../../config/paths.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { CoverUpload } from './cover-upload.tsx';
import { createPortfolioCall, updatePortfolioCall, usePortfolio, useRefreshPortfolios } from './portfolios-api.ts';

export interface PortfolioFormDialogProps {
  /** The portfolio to edit; null: a new one. */
  portfolio: PortfolioDetails | null;
  onClose: () => void;
  /** A new one may belong to one of these groups instead of the caller ("Whose portfolio"). */
  groups?: PortfolioGroupChoices['groups'];
  /** The group chosen when the dialog opens ('' or none: the caller's own). */
  initialOwner?: string;
}

/** "Whose portfolio": the caller's own, or one of the caller's groups (with its class). */
const OwnerSelect = ({ groups, value, onChange }: { groups: PortfolioGroupChoices['groups']; value: string; onChange: (v: string) => void }) => {
  const { t } = useTranslation('portfolios');
  const data = [
    { value: '', label: t('form.ownerMine') },
    ...groups.map((g) => ({ value: g.id, label: t('form.ownerGroup', { group: g.name, className: g.className }) })),
  ];
  return <NativeSelect label={t('form.owner')} value={value} onChange={(e) => onChange(e.currentTarget.value)} data={data} />;
};

/** Title and description, checked with the shared schema and saved after a confirmation. */
const DetailsForm = ({
  portfolio,
  onClose,
  onCreated,
  groups = [],
  initialOwner = '',
}: PortfolioFormDialogProps & { onCreated: (p: PortfolioDetails) => void }) => {
  const { t } = useTranslation('portfolios');
  const [owner, setOwner] = useState(initialOwner);
  const refresh = useRefreshPortfolios();
  const zodValidate = useZodValidate<PortfolioForm>(portfolioForm);
  const form = useForm<{ title: string; description: string }>({
    mode: 'controlled',
    initialValues: { title: portfolio?.title ?? '', description: portfolio?.description ?? '' },
    validate: zodValidate,
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: form.setErrors, onReload: refresh });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const editing = portfolio !== null;

  const submit = form.onSubmit((values) =>
    save({ title: t(editing ? 'form.editTitle' : 'form.createTitle'), message: t(editing ? 'form.confirmEdit' : 'form.confirmCreate') }, async (overwrite) => {
      if (portfolio) {
        await updatePortfolioCall(portfolio.id, { ...values, version: portfolio.version, overwrite });
        await refresh();
        toastSuccess(t('form.saved'));
        onClose();
        return;
      }
      const created = await createPortfolioCall(owner === '' ? values : { ...values, groupId: owner });
      await refresh();
      toastSuccess(t('form.created'));
      onCreated(created);
    }),
  );

  return (
    <FormModal opened title={t(editing ? 'form.editTitle' : 'form.createTitle')} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          {!editing && groups.length > 0 && <OwnerSelect groups={groups} value={owner} onChange={setOwner} />}
          <TextField label={t('form.title')} required maxLength={PORTFOLIO_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={PORTFOLIO_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};

/** After creating: the new portfolio's cover (the upload box sends it straight there), then its page. */
const CoverStep = ({ created }: { created: PortfolioDetails }) => {
  const { t } = useTranslation('portfolios');
  const navigate = useNavigate();
  const live = usePortfolio(created.id).data ?? created;
  const open = () => void navigate(paths.accountPortfolio.to(created.id));
  return (
    <FormModal opened title={t('form.createTitle')} onClose={open}>
      <Stack gap="md">
        <Text>{t('form.coverStep')}</Text>
        <CoverUpload portfolio={live} />
        <Group justify="flex-end">
          <Button onClick={open}>{t('form.open')}</Button>
        </Group>
      </Stack>
    </FormModal>
  );
};

/**
 * Create or edit a portfolio. A new one is made first (title and description, confirmed); the
 * dialog then offers its cover (the upload box, straight to the new portfolio) before opening it.
 */
export const PortfolioFormDialog = (props: PortfolioFormDialogProps) => {
  const [created, setCreated] = useState<PortfolioDetails | null>(null);
  return created ? <CoverStep created={created} /> : <DetailsForm {...props} onCreated={setCreated} />;
};
