import { useQuery } from '@tanstack/react-query';
import type { ActivationInfo, ActivateRequest, OkMessage, SetPasswordRequest, TokenPurpose } from '@klase/core/auth/contracts';
import { apiFetch } from '../../api/http.ts';

export interface TokenCheck {
  valid: true;
  info: ActivationInfo | null;
}

/** POST /api/auth/check-token; a 410 means the link is expired or invalid. */
export const useTokenCheck = (token: string, purpose: TokenPurpose) =>
  useQuery({
    queryKey: ['auth', 'check-token', purpose, token],
    queryFn: ({ signal }) => apiFetch<TokenCheck>('/api/auth/check-token', { method: 'POST', body: { token, purpose }, signal }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const activate = (body: ActivateRequest) => apiFetch<OkMessage>('/api/auth/activate', { method: 'POST', body });

export const resetPassword = (body: SetPasswordRequest) => apiFetch<OkMessage>('/api/auth/reset-password', { method: 'POST', body });

export const verifyEmail = (token: string, signal?: AbortSignal) => apiFetch<OkMessage>('/api/auth/verify-email', { method: 'POST', body: { token }, signal });
