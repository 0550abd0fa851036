import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { ErrorText } from './error-text.tsx';
import { isApiError } from '../api/http.ts';
import { PageLoader } from './page-loader.tsx';
import { paths } from '../config/paths.ts';

/** True when the record does not exist for this user (the API answers 404, 403 or a bad id). */
export const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 403 || error.code === 'VALIDATION');

/**
 * A record page's loading states: a loader, the not-found page for an unknown or foreign id, the
 * translated error, then the record itself. Used by the group and progress-details pages.
 */
export const GroupLoadState = <T,>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) => {
  if (query.isPending) return <PageLoader />;
  if (isMissing(query.error)) return <Navigate to={paths.notFound.to()} replace />;
  if (query.isError) return <ErrorText error={query.error} />;
  return <>{children(query.data)}</>;
};
