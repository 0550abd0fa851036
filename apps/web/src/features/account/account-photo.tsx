import { useState } from 'react';
import { Button, Grid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@klase/core/auth/contracts';
import { IMAGE_MAX_BYTES } from '@klase/core/constants';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { ImageLoader } from '../../components/image-loader.tsx';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { UploadBox } from '../../components/upload-box.tsx';
import { fullName, photoUrl } from '../../lib/photo.ts';
import { updateProfile } from '../../lib/session-store.ts';
import { accountKeys, deletePhotoCall, uploadPhotoCall } from './api.ts';

/** The profile photo: preview, upload (jpeg or png under 2 MB, with progress) and removal. */
export const AccountPhoto = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const [removing, setRemoving] = useState(false);

  const saved = (p: Profile) => {
    queryClient.setQueryData(accountKeys.profile, p);
    updateProfile(p);
  };

  const upload = async (files: File[], onProgress: (percent: number) => void) => {
    const file = files[0];
    if (!file) return;
    saved(await uploadPhotoCall(file, onProgress));
    toastSuccess(t('photo.uploaded'));
  };

  const remove = async () => {
    if (!(await confirm({ title: t('photo.removeTitle'), message: t('photo.removeConfirm'), danger: true }))) return;
    setRemoving(true);
    try {
      saved(await deletePhotoCall());
      toastSuccess(t('photo.removed'));
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Grid gap="lg" align="center">
      <Grid.Col span={{ base: 12, sm: 'content' }}>
        <Stack align="center" gap="xs">
          <ImageLoader src={photoUrl(profile)} alt={t('details.photoAlt', { name: fullName(profile) })} width={120} height={120} radius="md" fit="cover" />
          {profile.hasPhoto && (
            <Button
              variant="subtle"
              color="red.9"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={() => void remove()}
              loading={removing}
            >
              {t('photo.remove')}
            </Button>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 'auto' }}>
        <Stack gap={4}>
          <UploadBox label={t('photo.label')} types={['jpeg', 'jpg', 'png']} maxBytes={IMAGE_MAX_BYTES} maxFiles={1} onUpload={upload} />
          <Text size="xs" c="dimmed">
            {t('photo.hint')}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
};
