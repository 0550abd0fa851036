import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lazy-page.ts';
import { mayReloadForChunk, reloadForChunk } from '../chunk-reload.ts';
import { PageLoader } from '../../components/page-loader.tsx';

/**
 * The root error boundary. A page whose code failed to load (or took over 120 s) gets the
 * translated chunk-load message and a retry button (after one automatic reload while online: the
 * code of an older deployment, chunk-reload.ts); anything else the generic message.
 */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation(['errors', 'shell']);
  const chunk = isChunkLoadError(error) || (error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message));
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const [reloading] = useState(() => chunk && mayReloadForChunk());
  useEffect(() => {
    if (reloading) reloadForChunk();
  }, [reloading]);
  if (reloading) return <PageLoader />;
  return (
    <Center component="main" id="main-content" mih="100vh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={1} size="h3">
          {t('shell:errorTitle')}
        </Title>
        <Text role="alert">{chunk ? t('errors:CHUNK_LOAD') : notFound ? t('errors:NOT_FOUND') : t('errors:SOMETHING_WENT_WRONG')}</Text>
        <Button onClick={() => window.location.reload()}>{t('shell:retry')}</Button>
      </Stack>
    </Center>
  );
};
