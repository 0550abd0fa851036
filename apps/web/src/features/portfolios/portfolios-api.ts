import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PORTFOLIO_COVER_FIELD,
  PORTFOLIO_FILE_FIELD,
  MY_GROUP_PORTFOLIOS_PATH,
  PORTFOLIO_GROUP_CHOICES_PATH,
  PORTFOLIOS_PATH,
  groupPortfoliosPath,
  portfolioExportJobPath,
  portfolioPath,
  sharedPortfolioPath,
  userPortfoliosPath,
  type CreatedShareLink,
  type PortfolioCreate,
  type PortfolioDetails,
  type PortfolioExportJob,
  type PortfolioGroupChoices,
  type PortfolioItem,
  type PortfolioItemCreate,
  type PortfolioItemUpdate,
  type PortfolioRow,
  type PortfolioUpdate,
  type ShareLink,
  type ShareLinkCreate,
  type WorkChoice,
} from '@klase/core/portfolios/contracts';
import type { TablePage } from '@klase/core/table';
import { apiFetch, apiUrl, uploadWithProgress } from '../../api/http.ts';
import { useConfirmedAction } from '../../lib/use-confirmed-action.ts';

/**
 * Portfolios (packages/core/src/portfolios/contracts.ts, decision 0060). Everything sits under
 * `['portfolios']`, so a save refreshes every list and page that shows a portfolio.
 */
export type PortfolioSort = 'updatedAt' | 'title' | 'createdAt';
/** Whose list: the caller's own, the caller's groups' (`myGroups`), a student's or teacher's (`user`), or a group's. */
export type PortfolioOwnerRef = { kind: 'mine' } | { kind: 'myGroups' } | { kind: 'user'; id: string } | { kind: 'group'; id: string };

const enc = encodeURIComponent;
const onePath = (id: string, ...rest: string[]) => [portfolioPath(enc(id)), ...rest.map(enc)].join('/');

export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: (owner: PortfolioOwnerRef, sort: PortfolioSort) => ['portfolios', 'list', owner.kind, 'id' in owner ? owner.id : '', sort] as const,
  groupChoices: ['portfolios', 'group-choices'] as const,
  one: (id: string) => ['portfolios', 'one', id] as const,
  shareLinks: (id: string) => ['portfolios', 'one', id, 'share-links'] as const,
  workChoices: ['portfolios', 'work-choices'] as const,
  shared: (token: string) => ['portfolios', 'shared', token] as const,
  job: (jobId: string) => ['portfolios', 'export', jobId] as const,
};

const listPath = (owner: PortfolioOwnerRef) => {
  if (owner.kind === 'mine') return PORTFOLIOS_PATH;
  if (owner.kind === 'myGroups') return MY_GROUP_PORTFOLIOS_PATH;
  return owner.kind === 'user' ? userPortfoliosPath(enc(owner.id)) : groupPortfoliosPath(enc(owner.id));
};

/** Newest change first, by title A to Z, or newest first made; no page fields: every row (a portfolio list is short). */
const sortQuery = (sort: PortfolioSort) => new URLSearchParams({ sortBy: sort, sortOrder: sort === 'title' ? 'asc' : 'desc' }).toString();

export const usePortfolioList = (owner: PortfolioOwnerRef, sort: PortfolioSort = 'updatedAt', enabled = true) =>
  useQuery({
    enabled,
    queryKey: portfolioKeys.list(owner, sort),
    queryFn: ({ signal }) => apiFetch<TablePage<PortfolioRow>>(`${listPath(owner)}?${sortQuery(sort)}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePortfolio = (id: string | null) =>
  useQuery({
    queryKey: portfolioKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiFetch<PortfolioDetails>(onePath(id ?? ''), { signal }),
    enabled: id !== null,
    retry: false,
  });

export const useSharedPortfolio = (token: string) =>
  useQuery({
    queryKey: portfolioKeys.shared(token),
    queryFn: ({ signal }) => apiFetch<PortfolioDetails>(sharedPortfolioPath(enc(token)), { signal }),
    retry: false,
  });

export const useShareLinks = (id: string) =>
  useQuery({
    queryKey: portfolioKeys.shareLinks(id),
    queryFn: ({ signal }) => apiFetch<{ items: ShareLink[] }>(onePath(id, 'share-links'), { signal }),
  });

/** The groups a student may make a portfolio for (asked only for students). */
export const useGroupChoices = (enabled: boolean) =>
  useQuery({
    queryKey: portfolioKeys.groupChoices,
    queryFn: ({ signal }) => apiFetch<PortfolioGroupChoices>(PORTFOLIO_GROUP_CHOICES_PATH, { signal }),
    enabled,
  });

export const useWorkChoices = () =>
  useQuery({
    queryKey: portfolioKeys.workChoices,
    queryFn: ({ signal }) => apiFetch<{ items: WorkChoice[] }>(`${PORTFOLIOS_PATH}/work-choices`, { signal }),
  });

/** An export job, asked every second until it is done or failed. */
export const useExportJob = (jobId: string | null) =>
  useQuery({
    queryKey: portfolioKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => apiFetch<PortfolioExportJob>(portfolioExportJobPath(enc(jobId ?? '')), { signal }),
    enabled: jobId !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : 1000),
  });

export const createPortfolioCall = (body: PortfolioCreate) => apiFetch<PortfolioDetails>(PORTFOLIOS_PATH, { method: 'POST', body });
export const updatePortfolioCall = (id: string, body: PortfolioUpdate) => apiFetch<PortfolioDetails>(onePath(id), { method: 'PUT', body });
export const deletePortfolioCall = (id: string) => apiFetch<void>(onePath(id), { method: 'DELETE' });
export const publishPortfolioCall = (id: string, published: boolean) =>
  apiFetch<{ message: string }>(onePath(id, 'published'), { method: 'PATCH', body: { published } });

export const uploadCoverCall = (id: string, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append(PORTFOLIO_COVER_FIELD, file);
  return uploadWithProgress<PortfolioDetails>(onePath(id, 'cover'), data, onProgress, 'PUT');
};
export const deleteCoverCall = (id: string) => apiFetch<PortfolioDetails>(onePath(id, 'cover'), { method: 'DELETE' });

export const addItemCall = (id: string, body: PortfolioItemCreate) => apiFetch<PortfolioItem>(onePath(id, 'items'), { method: 'POST', body });
/** A file item: the text parts go before the file (the server reads them first, then streams the file). */
export const uploadFileItemCall = (id: string, fields: { title: string; caption: string }, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  if (fields.title.trim()) data.append('title', fields.title.trim());
  if (fields.caption.trim()) data.append('caption', fields.caption.trim());
  data.append(PORTFOLIO_FILE_FIELD, file);
  return uploadWithProgress<PortfolioItem>(onePath(id, 'items', 'file'), data, onProgress);
};
export const updateItemCall = (id: string, itemId: string, body: PortfolioItemUpdate) =>
  apiFetch<PortfolioItem>(onePath(id, 'items', itemId), { method: 'PUT', body });
export const deleteItemCall = (id: string, itemId: string) => apiFetch<void>(onePath(id, 'items', itemId), { method: 'DELETE' });
export const orderItemsCall = (id: string, itemIds: string[]) =>
  apiFetch<PortfolioDetails>(onePath(id, 'items', 'order'), { method: 'PUT', body: { itemIds } });

export const createShareLinkCall = (id: string, body: ShareLinkCreate) => apiFetch<CreatedShareLink>(onePath(id, 'share-links'), { method: 'POST', body });
export const revokeShareLinkCall = (id: string, linkId: string) => apiFetch<void>(onePath(id, 'share-links', linkId), { method: 'DELETE' });

export const startExportCall = (id: string) => apiFetch<PortfolioExportJob>(onePath(id, 'exports'), { method: 'POST' });

/** The address of a file the API serves (a file item, a cover): a plain link the browser opens or saves. */
export const fileHref = (url: string) => apiUrl(url);

/** The full address of a share page, to hand out (`#/shared/portfolios/<token>` on this site). */
export const sharePageUrl = (pagePath: string) => `${window.location.origin}${window.location.pathname}#${pagePath}`;

/** Refreshes every portfolio list and page (after a save, a publish, an item change). */
export const useRefreshPortfolios = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: portfolioKeys.all });
};

/** A confirmed action on a portfolio (lib/use-confirmed-action.ts); every portfolio list and page reloads after it. */
export const usePortfolioAction = () => useConfirmedAction(useRefreshPortfolios());
