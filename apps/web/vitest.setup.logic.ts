import { initI18n, loadFeatureNamespaces } from './src/i18n/i18n.ts';

// The same texts as the app once signed in: English with the feature namespaces.
await initI18n('en-us');
await loadFeatureNamespaces();
