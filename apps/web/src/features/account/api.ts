import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChildEntry, ChildProfile, OkMessage, Profile, UpdateProfileRequest } from '@klase/core/auth/contracts';
import { apiFetch, uploadWithProgress } from '../../api/http.ts';

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  children: ['account', 'children'] as const,
  child: (id: string) => ['account', 'children', id] as const,
};

export const useProfileQuery = () =>
  useQuery({ queryKey: accountKeys.profile, queryFn: ({ signal }) => apiFetch<Profile>('/api/account/profile', { signal }) });

export const useChildrenQuery = (enabled = true) =>
  useQuery({
    queryKey: accountKeys.children,
    queryFn: ({ signal }) => apiFetch<ChildEntry[]>('/api/account/children', { signal }),
    enabled,
  });

export const useChildQuery = (id: string) =>
  useQuery({
    queryKey: accountKeys.child(id),
    queryFn: ({ signal }) => apiFetch<ChildProfile>(`/api/account/children/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

export const updateProfileCall = (body: UpdateProfileRequest) => apiFetch<Profile>('/api/account/profile', { method: 'PATCH', body });

export const changePasswordCall = (body: ChangePasswordRequest) => apiFetch<OkMessage>('/api/account/change-password', { method: 'POST', body });

export const resendVerificationCall = () => apiFetch<OkMessage>('/api/account/verify-email/resend', { method: 'POST' });

export const uploadPhotoCall = (file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('photo', file);
  return uploadWithProgress<Profile>('/api/account/photo', data, onProgress, 'PUT');
};

export const deletePhotoCall = () => apiFetch<Profile>('/api/account/photo', { method: 'DELETE' });
