/**
 * What other modules use of the gradebook (they reach a module only through its service and
 * access files): `ensureGradebook` creates a course's gradebook setup when it has none yet, in the
 * caller's transaction (materials keep a removed material's grades as a manual item in it).
 */
export { ensureGradebook } from './setup.repo.ts';
