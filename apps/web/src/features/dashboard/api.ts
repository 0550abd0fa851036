import { apiFetch } from '../../components/http.ts';

export const dismissWelcomeCall = () => apiFetch<void>('/api/account/welcome/dismiss', { method: 'POST' });
