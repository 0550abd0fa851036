/**
 * The paths the entry chunk needs: the sign-in and account pages, the dashboard and not-found,
 * with the check of `redirect` values. `paths.ts` (the registry every feature imports) adds the
 * feature pages' paths; the sign-in pages import this module so the login route stays small.
 */

/** The query string of `params` (empty values left out), with its `?`. */
export const q = (params: Record<string, string | undefined>): string => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') sp.set(k, v);
  const s = sp.toString();
  return s ? `?${s}` : '';
};

/** One path segment from an id or token. */
export const seg = (id: string) => encodeURIComponent(id);

export const basePaths = {
  home: { pattern: '/', to: () => '/' },
  dashboard: { pattern: '/dashboard', to: () => '/dashboard' },

  // Visitor-only
  accountRoot: { pattern: '/account', to: () => '/account' },
  login: {
    pattern: '/account/login',
    /** `redirect`: where to come back to after signing in. */
    to: (opts: { redirect?: string } = {}) => `/account/login${q({ redirect: opts.redirect })}`,
  },
  setPassword: { pattern: '/account/set-password', to: (token?: string) => `/account/set-password${q({ token })}` },
  activation: { pattern: '/account/activation', to: (token?: string) => `/account/activation${q({ token })}` },
  forgotPassword: { pattern: '/account/forgot-password', to: () => '/account/forgot-password' },
  resetPassword: { pattern: '/account/reset-password', to: (token?: string) => `/account/reset-password${q({ token })}` },
  invalidActivation: { pattern: '/account/invalid-activation', to: () => '/account/invalid-activation' },
  invalidResetPassword: { pattern: '/account/invalid-reset-password', to: () => '/account/invalid-reset-password' },

  // Signed in or not
  verifyAccount: { pattern: '/account/verify-account', to: (token?: string) => `/account/verify-account${q({ token })}` },
  /** A portfolio behind a share link: read-only, no session needed (issue 20). */
  sharedPortfolio: { pattern: '/shared/portfolios/:token', to: (token: string) => `/shared/portfolios/${seg(token)}` },

  // Authenticated account area
  accountDetails: { pattern: '/account/details', to: () => '/account/details' },
  accountChildDetails: { pattern: '/account/child-details/:id', to: (id: string) => `/account/child-details/${seg(id)}` },
  accountParent: { pattern: '/account/parent', to: () => '/account/parent' },
  accountChild: { pattern: '/account/child/:id', to: (id: string) => `/account/child/${seg(id)}` },
  accountPortfolios: { pattern: '/account/portfolios', to: () => '/account/portfolios' },
  accountPortfolio: { pattern: '/account/portfolios/:id', to: (id: string) => `/account/portfolios/${seg(id)}` },
  changePassword: { pattern: '/account/change-password', to: () => '/account/change-password' },
  accountEdit: { pattern: '/account/edit', to: () => '/account/edit' },

  notFound: { pattern: '/not-found', to: () => '/not-found' },
} as const;

/** Visitor-only pages (a signed-in user is sent to the dashboard). */
export const VISITOR_PATTERNS: readonly string[] = [
  basePaths.accountRoot.pattern,
  basePaths.login.pattern,
  basePaths.setPassword.pattern,
  basePaths.activation.pattern,
  basePaths.forgotPassword.pattern,
  basePaths.resetPassword.pattern,
  basePaths.invalidActivation.pattern,
  basePaths.invalidResetPassword.pattern,
];

/**
 * A `redirect` query value is only followed when it is a path inside this app (starts with one
 * slash) and not a visitor-only page, so a crafted link cannot send a user elsewhere or loop.
 */
export const safeRedirect = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const pathOnly = value.split(/[?#]/)[0] ?? '';
  if (VISITOR_PATTERNS.includes(pathOnly.replace(/\/+$/, '') || '/')) return null;
  return value;
};
