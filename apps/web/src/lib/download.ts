import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiUrl, buildHeaders, toApiError } from '../api/http.ts';

/** The file name of a `content-disposition` header, or the fallback. */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
};

/**
 * Downloads a file the API answers (exports, templates) with the session cookie, and saves it
 * through a temporary link. Errors become ApiError, like every other call.
 */
export const downloadFile = async (path: string, fallbackName: string): Promise<string> => {
  const res = await fetch(apiUrl(path), { headers: buildHeaders('GET'), credentials: 'same-origin' });
  if (!res.ok) throw toApiError(res.status, await res.text());
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
};

/**
 * The query string a DataTable under `key` is showing right now (search, sort, filter and the
 * page's extra fields), without the page fields, so an export downloads the whole filtered list.
 * DataTable keys its query as `[...key, queryString]`; the one with an observer is on screen.
 */
export const shownTableQuery = (client: QueryClient, key: QueryKey): URLSearchParams => {
  const active = client.getQueryCache().findAll({ queryKey: key, type: 'active' });
  const last = active[active.length - 1]?.queryKey;
  const qs = last?.[last.length - 1];
  const params = new URLSearchParams(typeof qs === 'string' ? qs : '');
  params.delete('page');
  params.delete('rowsperpage');
  return params;
};
