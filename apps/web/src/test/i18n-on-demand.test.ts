import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n/i18n.ts';

const loadedIn = (lng: string) => Object.keys(i18next.store.data[lng] ?? {});

/** The test setup (vitest.setup*.ts) reads a feature namespace the first time a text of it is asked for. */
describe('i18n namespaces in tests, loaded on demand', () => {
  it('starts a test file with the base namespaces only, then reads a feature namespace from disk at its first lookup', () => {
    expect(loadedIn('en-us')).toEqual(expect.arrayContaining(['common', 'components', 'account', 'shell', 'errors', 'validation']));
    expect(loadedIn('en-us')).not.toContain('gradeReport');
    expect(i18next.t('gradeReport:tabs.gradeSetup')).toBe('Grade setup');
    expect(loadedIn('en-us')).toContain('gradeReport');
  });

  it('reads the namespace in the language asked for, and answers a missing key the usual way', () => {
    expect(loadedIn('ph')).not.toContain('gradeReport');
    expect(i18next.getFixedT('ph', 'gradeReport')('tabs.gradeSetup')).toBe('Ayos ng marka');
    expect(i18next.t('gradeReport:no.such.key')).toBe('no.such.key');
    expect(i18next.t('noSuchNamespace:tabs')).toBe('tabs');
  });
});
