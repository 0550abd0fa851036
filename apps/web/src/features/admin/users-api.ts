import { useQuery } from '@tanstack/react-query';
import type { MessageAnswer, Option } from '@klase/core/admin/common';
import type { CreateUserValues, SignInLock, UpdateUserValues, UserDetails, UserStatus } from '@klase/core/admin/users';
import { apiFetch } from '../../api/http.ts';

export const USERS_PATH = '/api/admin/users';

export const userKeys = {
  all: ['admin', 'users'] as const,
  table: ['admin', 'users', 'table'] as const,
  one: (id: string) => ['admin', 'users', 'one', id] as const,
  lock: (id: string) => ['admin', 'users', 'one', id, 'sign-in-lock'] as const,
  options: (role: number, schoolId: string, search: string) => ['admin', 'users', 'options', role, schoolId, search] as const,
};

const one = (id: string) => `${USERS_PATH}/${encodeURIComponent(id)}`;

export const useUserQuery = (id: string) =>
  useQuery({ queryKey: userKeys.one(id), queryFn: ({ signal }) => apiFetch<UserDetails>(one(id), { signal }), retry: false });

/** People of one role in a school, for the link pickers (at most 20, narrowed by `search`). */
export const useUserOptions = (role: number, schoolId: string, search: string, enabled = true) =>
  useQuery({
    queryKey: userKeys.options(role, schoolId, search),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ role: String(role), search });
      if (schoolId) q.set('schoolId', schoolId);
      return apiFetch<Option[]>(`${USERS_PATH}/options?${q.toString()}`, { signal });
    },
    enabled,
    placeholderData: (prev) => prev,
  });

export const createUserCall = (body: CreateUserValues) => apiFetch<UserDetails>(USERS_PATH, { method: 'POST', body });

export const updateUserCall = (id: string, body: UpdateUserValues) => apiFetch<UserDetails>(one(id), { method: 'PUT', body });

export const setUserStatusCall = (id: string, status: UserStatus) => apiFetch<MessageAnswer>(`${one(id)}/status`, { method: 'PATCH', body: { status } });

export const resendActivationCall = (id: string) => apiFetch<MessageAnswer>(`${one(id)}/resend-activation`, { method: 'POST' });

export const linkUserCall = (id: string, otherId: string) => apiFetch<UserDetails>(`${one(id)}/links`, { method: 'POST', body: { otherId } });

export const unlinkUserCall = (id: string, otherId: string) => apiFetch<UserDetails>(`${one(id)}/links/${encodeURIComponent(otherId)}`, { method: 'DELETE' });

/** Whether the user's sign-in is locked by failed attempts (any client address). */
export const useSignInLockQuery = (id: string) =>
  useQuery({ queryKey: userKeys.lock(id), queryFn: ({ signal }) => apiFetch<SignInLock>(`${one(id)}/sign-in-lock`, { signal }), retry: false });

export const clearSignInLockCall = (id: string) => apiFetch<MessageAnswer>(`${one(id)}/sign-in-lock`, { method: 'DELETE' });
