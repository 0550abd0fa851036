import { initI18n } from './src/i18n/i18n.ts';
import { loadNamespacesOnDemand } from './src/test/i18n-on-demand.ts';

// The same texts as the app once signed in: English with the feature namespaces, each read when a
// test first needs it (src/test/i18n-on-demand.ts).
await initI18n('en-us');
loadNamespacesOnDemand();
