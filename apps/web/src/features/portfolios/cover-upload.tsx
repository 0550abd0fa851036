import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@klase/core/constants';
import type { PortfolioDetails } from '@klase/core/portfolios/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { UploadBox } from '../../components/upload-box.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { deleteCoverCall, uploadCoverCall, usePortfolioAction, useRefreshPortfolios } from './portfolios-api.ts';
import { PortfolioCover } from './portfolio-cards.tsx';

const COVER_TYPES = ['jpeg', 'jpg', 'png'] as const;

/**
 * The portfolio's cover: the current one (or its coloured block), the upload box for one jpeg or png
 * under 2 MB (the box's own messages; the server checks the content and its refusals show under the
 * box), asked first, with progress; and removal after a confirmation.
 */
export const CoverUpload = ({ portfolio }: { portfolio: Pick<PortfolioDetails, 'id' | 'title' | 'coverUrl'> }) => {
  const { t } = useTranslation('portfolios');
  const confirm = useConfirm();
  const refresh = useRefreshPortfolios();
  const { busy, run } = usePortfolioAction();

  const upload = async (files: File[], onProgress: (percent: number) => void) => {
    const [file] = files;
    if (!file) return;
    await uploadCoverCall(portfolio.id, file, onProgress);
    await refresh();
    toastSuccess(t('cover.uploaded'));
  };
  const remove = () =>
    run('remove', {
      ask: { title: t('cover.remove'), message: t('cover.removeConfirm'), confirmLabel: t('cover.remove'), danger: true },
      success: t('cover.removed'),
      send: () => deleteCoverCall(portfolio.id),
    });

  return (
    <Stack gap="sm">
      <PortfolioCover portfolio={portfolio} height={140} />
      <Text size="sm">{t('cover.hint')}</Text>
      <UploadBox
        types={COVER_TYPES}
        maxBytes={IMAGE_MAX_BYTES}
        maxFiles={1}
        onUpload={upload}
        label={t('cover.upload')}
        confirm={([file]) => confirm({ title: t('cover.confirmTitle'), message: t('cover.confirm', { name: file?.name ?? '' }) })}
      />
      {portfolio.coverUrl && (
        <Group>
          <Button
            variant="default"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            loading={busy === 'remove'}
            onClick={() => void remove()}
          >
            {t('cover.remove')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
