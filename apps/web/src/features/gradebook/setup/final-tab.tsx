import { Button, Modal, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  DECIMALS_LIMIT,
  FINAL_MODES,
  finalSettingsForm,
  GRADEBOOK_STATUSES,
  gradebookSettingsForm,
  type FinalSettingsFormInput,
  type GradebookSettingsFormInput,
} from '@klase/core/gradebook/contracts';
import { type GradebookSettings, type GradebookSetupView } from '@klase/core/gradebook/views';
import { DISPLAY_TYPES, HIDDEN_POLICIES } from '@klase/core/gradebook/types';
import { DetailList } from '../../../components/detail-list.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../../lib/zod-form.ts';
import { setupCalls, useRefreshSetup } from './setup-api.ts';
import { useSetupParams } from './setup-frame.tsx';

const DECIMALS = Array.from({ length: DECIMALS_LIMIT + 1 }, (_, i) => String(i));

/** The option lists of the display settings, translated. */
export const useSettingOptions = () => {
  const { t } = useTranslation('gradeSetup');
  return {
    displayTypes: DISPLAY_TYPES.map((d) => ({ value: d, label: t(`displayTypes.${d}`) })),
    decimals: DECIMALS.map((d) => ({ value: d, label: d })),
  };
};

/** "Update final grade settings": how the final grade is reached and shown, saved after a confirmation. */
export const FinalSettingsDialog = ({ settings, onClose }: { settings: GradebookSettings; onClose: () => void }) => {
  const { t } = useTranslation('gradeSetup');
  const { courseId } = useSetupParams();
  const refresh = useRefreshSetup(courseId);
  const options = useSettingOptions();
  const validate = useZodValidate<FinalSettingsFormInput>(finalSettingsForm);
  const form = useForm<FinalSettingsFormInput>({
    initialValues: { finalMode: settings.finalMode, finalDisplayType: settings.finalDisplayType, finalDecimals: String(settings.finalDecimals) },
    validate,
  });
  const { busy, error, save } = useConfirmedSave({
    codeFields: {},
    setErrors: form.setErrors,
    onReload: async () => {
      await refresh();
      onClose();
    },
  });
  const submit = form.onSubmit((values) =>
    save({ title: t('side.updateFinal'), message: t('final.confirm') }, async (overwrite) => {
      await setupCalls.saveFinal(courseId, { ...finalSettingsForm.parse(values), version: settings.version, overwrite });
      await refresh();
      toastSuccess(t('final.saved'));
      onClose();
    }),
  );
  return (
    <Modal opened onClose={() => !busy && onClose()} title={t('side.updateFinal')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <NativeSelect
            label={t('final.mode')}
            description={t('final.modeHint')}
            data={FINAL_MODES.map((m) => ({ value: m, label: t(`final.modes.${m}`) }))}
            {...form.getInputProps('finalMode')}
          />
          <NativeSelect label={t('final.displayType')} data={options.displayTypes} {...form.getInputProps('finalDisplayType')} />
          <NativeSelect label={t('final.decimals')} data={options.decimals} {...form.getInputProps('finalDecimals')} />
          <FormActions onCancel={onClose} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
};

const settingsState = (s: GradebookSettings): GradebookSettingsFormInput => ({
  status: s.status,
  gradeDisplayType: s.gradeDisplayType,
  decimals: String(s.decimals),
  hiddenPolicy: s.hiddenPolicy,
  minMaxToUse: s.minMaxToUse,
  includeScales: s.includeScales,
});

/** The gradebook's own settings (status, display, decimals, hidden items, ranges, scales). */
const SettingsForm = ({ settings, manage }: { settings: GradebookSettings; manage: boolean }) => {
  const { t } = useTranslation('gradeSetup');
  const { courseId } = useSetupParams();
  const refresh = useRefreshSetup(courseId);
  const options = useSettingOptions();
  const validate = useZodValidate<GradebookSettingsFormInput>(gradebookSettingsForm);
  const form = useForm<GradebookSettingsFormInput>({ initialValues: settingsState(settings), validate });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: form.setErrors, onReload: refresh });
  const submit = form.onSubmit((values) =>
    save({ title: t('settings.title'), message: t('settings.confirm') }, async (overwrite) => {
      await setupCalls.saveSettings(courseId, { ...gradebookSettingsForm.parse(values), version: settings.version, overwrite });
      await refresh();
      form.resetDirty(values);
      toastSuccess(t('settings.saved'));
    }),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="gradebook-settings">
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!manage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm" maw={520}>
            <Title order={3} size="h4" id="gradebook-settings">
              {t('settings.title')}
            </Title>
            <SaveError error={error} />
            <NativeSelect
              label={t('settings.status')}
              description={t('settings.statusHint')}
              data={GRADEBOOK_STATUSES.map((s) => ({ value: s, label: t(`settings.statuses.${s}`) }))}
              {...form.getInputProps('status')}
            />
            <NativeSelect label={t('settings.displayType')} data={options.displayTypes} {...form.getInputProps('gradeDisplayType')} />
            <NativeSelect label={t('settings.decimals')} data={options.decimals} {...form.getInputProps('decimals')} />
            <NativeSelect
              label={t('settings.hiddenPolicy')}
              data={HIDDEN_POLICIES.map((p) => ({ value: p, label: t(`settings.hiddenPolicies.${p}`) }))}
              {...form.getInputProps('hiddenPolicy')}
            />
            <NativeSelect
              label={t('settings.minMax')}
              description={t('settings.minMaxHint')}
              data={(['item', 'grade'] as const).map((m) => ({ value: m, label: t(`settings.minMaxOptions.${m}`) }))}
              {...form.getInputProps('minMaxToUse')}
            />
            <Switch
              label={t('settings.includeScales')}
              description={t('settings.includeScalesHint')}
              {...form.getInputProps('includeScales', { type: 'checkbox' })}
            />
            {manage && <FormActions onCancel={() => form.reset()} busy={busy} />}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
};

/** The final-grade-setting tab: the final grade's settings (changed in a dialog) and the gradebook's settings. */
export const FinalTab = ({ setup, onUpdateFinal }: { setup: GradebookSetupView; onUpdateFinal: () => void }) => {
  const { t } = useTranslation('gradeSetup');
  const s = setup.settings;
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="final-settings">
        <Stack gap="sm">
          <Title order={3} size="h4" id="final-settings">
            {t('final.title')}
          </Title>
          <Text size="sm">{t('final.intro')}</Text>
          <DetailList
            items={[
              { label: t('final.mode'), value: t(`final.modes.${s.finalMode}`) },
              { label: t('final.displayType'), value: t(`displayTypes.${s.finalDisplayType}`) },
              { label: t('final.decimals'), value: String(s.finalDecimals) },
            ]}
          />
          {setup.can.manage && (
            <Button variant="default" onClick={onUpdateFinal} w="fit-content">
              {t('side.updateFinal')}
            </Button>
          )}
        </Stack>
      </Paper>
      <SettingsForm key={JSON.stringify(settingsState(s))} settings={s} manage={setup.can.manage} />
    </Stack>
  );
};
