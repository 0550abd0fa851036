import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PortfolioDetails } from '@klase/core/portfolios/contracts';
import { isApiError } from '../../api/http.ts';
import { BackLink } from '../../components/back-link.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { CoverUpload } from './cover-upload.tsx';
import { ExportPanel } from './export-panel.tsx';
import { PortfolioFormDialog } from './portfolio-form-dialog.tsx';
import { ItemsEditor } from './portfolio-items.tsx';
import { PortfolioColumns, PortfolioHeader, PortfolioView } from './portfolio-view.tsx';
import { deletePortfolioCall, publishPortfolioCall, usePortfolio, usePortfolioAction } from './portfolios-api.ts';
import { ShareLinksPanel } from './share-links.tsx';

/** Publish or unpublish (asked first, then the server's success message), edit, cover and delete. */
const OwnerActions = ({ portfolio, onEdit, onCover }: { portfolio: PortfolioDetails; onEdit: () => void; onCover: () => void }) => {
  const { t } = useTranslation('portfolios');
  const navigate = useNavigate();
  const { busy, run } = usePortfolioAction();
  const key = portfolio.published ? 'unpublish' : 'publish';

  // Publishing answers the server's success message, which the toast shows.
  const togglePublished = () =>
    run('publish', {
      ask: { title: t(`publish.${key}Title`), message: t(`publish.${key}Confirm`), confirmLabel: t(`publish.${key}`) },
      success: '',
      send: () => publishPortfolioCall(portfolio.id, !portfolio.published),
    });
  const remove = () =>
    run('delete', {
      ask: { title: t('page.deleteTitle'), message: t('page.deleteConfirm', { title: portfolio.title }), confirmLabel: t('page.delete'), danger: true },
      success: t('page.deleted'),
      send: async () => {
        await deletePortfolioCall(portfolio.id);
        await navigate(paths.accountPortfolios.to());
      },
    });

  const PublishIcon = portfolio.published ? IconEyeOff : IconEye;
  return (
    <Group gap="xs" wrap="wrap">
      <Button leftSection={<PublishIcon size={16} aria-hidden="true" />} loading={busy === 'publish'} onClick={() => void togglePublished()}>
        {t(`publish.${key}`)}
      </Button>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
        {t('page.edit')}
      </Button>
      <Button variant="default" leftSection={<IconPhoto size={16} aria-hidden="true" />} onClick={onCover}>
        {t('cover.change')}
      </Button>
      <Button
        variant="default"
        color="red.9"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        loading={busy === 'delete'}
        onClick={() => void remove()}
      >
        {t('page.delete')}
      </Button>
    </Group>
  );
};

/** The owner's editor: header with the actions, the items, share links and the export. */
const PortfolioEditor = ({ portfolio }: { portfolio: PortfolioDetails }) => {
  const { t } = useTranslation('portfolios');
  const [dialog, setDialog] = useState<'edit' | 'cover' | null>(null);
  return (
    <Stack gap="md">
      <PortfolioHeader
        portfolio={portfolio}
        order={2}
        actions={<OwnerActions portfolio={portfolio} onEdit={() => setDialog('edit')} onCover={() => setDialog('cover')} />}
      />
      <PortfolioColumns
        main={<ItemsEditor portfolio={portfolio} />}
        side={
          <>
            <ShareLinksPanel portfolioId={portfolio.id} published={portfolio.published} />
            {portfolio.canExport && <ExportPanel portfolioId={portfolio.id} />}
          </>
        }
      />
      {dialog === 'edit' && <PortfolioFormDialog portfolio={portfolio} onClose={() => setDialog(null)} />}
      {dialog === 'cover' && (
        <FormModal opened title={t('cover.title')} onClose={() => setDialog(null)}>
          <CoverUpload portfolio={portfolio} />
        </FormModal>
      )}
    </Stack>
  );
};

/**
 * `#/account/portfolios/:id`: the owner edits (items, cover, publish, share links, export); anyone
 * else allowed to read it (a teacher, a parent, a classmate for a group's) sees it read-only. A
 * portfolio out of reach answers 404: the not-found page.
 */
export const PortfolioPage = () => {
  const { t } = useTranslation('portfolios');
  const { id = '' } = useParams();
  const query = usePortfolio(id);
  if (query.isPending) return <PageLoader />;
  if (isApiError(query.error) && (query.error.status === 404 || query.error.code === 'VALIDATION')) return <Navigate to={paths.notFound.to()} replace />;
  if (query.isError) return <ErrorText error={query.error} />;
  const portfolio = query.data;
  return (
    <Stack gap="md">
      <BackLink to={paths.accountPortfolios.to()}>{t('page.back')}</BackLink>
      {portfolio.canEdit ? <PortfolioEditor portfolio={portfolio} /> : <PortfolioView portfolio={portfolio} order={2} />}
    </Stack>
  );
};
