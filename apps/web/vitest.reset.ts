import { vi } from 'vitest';

// Project web runs its files one after another in a worker that keeps what it loaded (vitest.config.ts).
// The app's own modules hold state a file may leave behind (the signed-in user, the CSRF token, the
// page title, the feature slots): each file starts from them loaded afresh. What comes from
// node_modules (React, Mantine, i18next) stays loaded, which is where the time goes.
vi.resetModules();
