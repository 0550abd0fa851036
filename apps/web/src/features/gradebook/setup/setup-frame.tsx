import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GradebookSetupView } from '@klase/core/gradebook/views';
import { paths, type GradeSetupTab } from '../../../config/paths.ts';
import { usePageNames } from '../../../lib/page-title.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorText } from '../../../components/error-text.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useConfirmedSave } from '../../../lib/use-confirmed-save.tsx';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { isMissing } from '../../../components/group-load-state.tsx';
import { setupCalls, useGradebookSetup, useRefreshSetup, type SetupKind } from './setup-api.ts';
import { BackLink } from '../../../components/back-link.tsx';

/** The class, course and record ids of the address. */
export const useSetupParams = () => {
  const { id = '', courseId = '', tab = '', scaleId = '', itemId = '', categoryId = '', rubricId = '' } = useParams();
  return { classId: id, courseId, tab, scaleId, itemId, categoryId, rubricId };
};

/** Where a setup page leads back to. */
export const useTabHref = () => {
  const { classId, courseId } = useSetupParams();
  return (tab: GradeSetupTab) => paths.classGradeSetup.to(classId, courseId, tab);
};

/** Grey blocks in the shape of a table while the setup loads, announced as loading. */
export const SetupSkeleton = ({ rows = 4 }: { rows?: number }) => {
  const { t } = useTranslation('gradeSetup');
  return (
    <Stack gap="xs" role="status" aria-label={t('loading')}>
      <Skeleton height={32} width="40%" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={40} />
      ))}
    </Stack>
  );
};

/** A query's loading, not-found and error states, then its data. */
export const LoadState = <T,>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) => {
  if (query.isPending) return <SetupSkeleton />;
  if (isMissing(query.error)) return <Navigate to={paths.notFound.to()} replace />;
  if (query.isError || query.data === undefined) return <ErrorText error={query.error} />;
  return <>{children(query.data)}</>;
};

/** Loads the address's gradebook setup and renders the page with it. */
export const WithSetup = ({ children }: { children: (setup: GradebookSetupView) => ReactNode }) => {
  const { courseId } = useSetupParams();
  return <LoadState query={useGradebookSetup(courseId)}>{children}</LoadState>;
};

/** Loads the setup and renders the record `find` picks from it; an unknown record is not found. */
export const WithRecord = <T,>({
  find,
  children,
}: {
  find: (setup: GradebookSetupView) => T | undefined;
  children: (row: T, setup: GradebookSetupView) => ReactNode;
}) => (
  <WithSetup>
    {(setup) => {
      const row = find(setup);
      return row === undefined ? <Navigate to={paths.notFound.to()} replace /> : children(row, setup);
    }}
  </WithSetup>
);

/** A full setup page: the way back to its tab and the heading. */
export const FormFrame = ({ back, title, children }: { back: GradeSetupTab; title: string; children: ReactNode }) => {
  const { t } = useTranslation('gradeSetup');
  const href = useTabHref();
  // The page's h1 ("Add grade item — <class>") already says a title that is the page's kind.
  const repeatsHeading = usePageNames().kind === title;
  return (
    <Stack gap="md" maw={900}>
      <BackLink to={href(back)}>{t('back', { tab: t(`tabs.${back}`) })}</BackLink>
      {!repeatsHeading && (
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
};

/**
 * The save flow of the setup forms: confirmation, the request, the server's field errors under
 * their fields, a success toast, and back to the tab. Leaving with unsaved changes asks first.
 */
export const useSetupSave = (opts: { back: GradeSetupTab; dirty: boolean; setErrors: (errors: Record<string, string>) => void }) => {
  const { courseId } = useSetupParams();
  const href = useTabHref();
  const navigate = useNavigate();
  const refresh = useRefreshSetup(courseId);
  const [done, setDone] = useState(false);
  const { busy, error, save } = useConfirmedSave({
    codeFields: { NAME_EXISTS: 'name' },
    setErrors: opts.setErrors,
    // Their version: back to the tab, which lists it (this form's changes are dropped, as the dialog says).
    onReload: async () => {
      await refresh();
      setDone(true);
    },
  });
  useLeaveGuard(!done && opts.dirty);
  useEffect(() => {
    if (done) void navigate(href(opts.back));
  }, [done, href, navigate, opts.back]);
  const run = (ask: { title: string; message: string }, request: (overwrite: boolean) => Promise<unknown>, saved: string) =>
    save(ask, async (overwrite) => {
      await request(overwrite);
      await refresh();
      toastSuccess(saved);
      setDone(true);
    });
  return { busy, error, run, courseId, cancel: () => navigate(href(opts.back)) };
};

/** A delete button asking first (red); the server's refusal (e.g. still in use) shows in the dialog. */
export const DeleteButton = ({ kind, id, name, onDeleted }: { kind: SetupKind; id: string; name: string; onDeleted?: () => unknown }) => {
  const { t } = useTranslation('gradeSetup');
  const { courseId } = useSetupParams();
  const refresh = useRefreshSetup(courseId);
  const [open, setOpen] = useState(false);
  const label = t('actions.deleteNamed', { name });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="red.9" aria-label={label} onClick={() => setOpen(true)}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <ConfirmDialog
        opened={open}
        title={t(`delete.${kind}`)}
        message={<Text style={{ overflowWrap: 'anywhere' }}>{t('delete.message', { name })}</Text>}
        confirmLabel={t('actions.delete')}
        danger
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await setupCalls.remove(courseId, kind, id);
          toastSuccess(t('delete.done', { name }));
          await refresh();
          await onDeleted?.();
        }}
      />
    </>
  );
};
